import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// todo.txt (github.com/todotxt/todo.txt): one task a line.
///
///     x 2026-11-20 2026-11-01 Call mum +family @phone due:2026-11-30 pri:A id:3f2a9c01d4
///     (A) 2026-11-01 Buy milk +errands @shop due:2026-12-01
///
/// A done task starts with `x` and its completion day; an open one may start with its priority.
/// `+project` is a tag, `@context` a context, `due:` the due day; `pri:` keeps a done task's
/// priority and `id:` its id, so that a round trip gives back the same items. Notes do not travel.
enum TodoTxt {
    static func write(_ items: [TodoItem], timeZone: Zone) -> String {
        items.map { line(for: $0, timeZone: timeZone) }.joined(separator: "\n") + (items.isEmpty ? "" : "\n")
    }

    static func line(for item: TodoItem, timeZone: Zone) -> String {
        var words: [String] = []
        if let completed = item.completed {
            words += ["x", Day(completed, in: timeZone).description]
        } else if let priority = item.priority {
            words.append("(\(priority.letter))")
        }
        words.append(Day(item.created, in: timeZone).description)
        words.append(item.title)
        words += item.tags.map { "+\($0)" } + item.contexts.map { "@\($0)" }
        if let due = item.due { words.append("due:\(due)") }
        if item.isCompleted, let priority = item.priority { words.append("pri:\(priority.letter)") }
        words += item.extras.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        words.append("id:\(item.id)")
        return words.joined(separator: " ")
    }

    static func read(_ text: String, timeZone: Zone) throws(TodoFailure) -> [ImportedTodo] {
        var todos: [ImportedTodo] = []
        // A Windows line end, CR LF, is one Character: splitting at "\n" alone would not see it.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingWhitespace()
            guard !trimmed.isEmpty else { continue }
            todos.append(try read(line: trimmed, number: index + 1, timeZone: timeZone))
        }
        return todos
    }

    private static func read(line: String, number: Int, timeZone: Zone) throws(TodoFailure) -> ImportedTodo {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]
        var todo = ImportedTodo(line: number, title: "")
        let midnight: (Day) -> Date = { day in day.start(in: timeZone) }
        if words.first == "x" {
            words.removeFirst()
            if let day = words.first.flatMap(Day.init(iso:)) {
                todo.completed = midnight(day)
                words.removeFirst()
            } else {
                todo.completed = Date(milliseconds: 0)
            }
        } else if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
            let letter = first.dropFirst().first, letter.isUppercase
        {
            todo.priority = Priority(name: String(letter))
            words.removeFirst()
        }
        if let day = words.first.flatMap(Day.init(iso:)) {
            todo.created = midnight(day)
            words.removeFirst()
        }
        var title: [String] = []
        for word in words {
            if word.count > 1, word.hasPrefix("+") {
                todo.tags.append(String(word.dropFirst()))
            } else if word.count > 1, word.hasPrefix("@") {
                todo.contexts.append(String(word.dropFirst()))
            } else if let colon = word.firstIndex(of: ":"), colon != word.startIndex,
                word.index(after: colon) != word.endIndex,
                !word.contains("://")
            {
                let (key, value) = (String(word[..<colon]), String(word[word.index(after: colon)...]))
                switch key {
                case "due":
                    guard let day = Day(iso: value) else {
                        throw .unreadableImport(
                            format: "todo.txt", line: number, problem: "due:\(value) is not a day like 2026-12-01")
                    }
                    todo.due = day
                case "pri": todo.priority = Priority(name: value)
                case "id": todo.id = value
                default: todo.extras[key] = value
                }
            } else {
                title.append(word)
            }
        }
        todo.title = title.joined(separator: " ")
        guard !todo.title.isEmpty else {
            throw .unreadableImport(format: "todo.txt", line: number, problem: "the task has no text")
        }
        return todo
    }
}

extension Day {
    /// Midnight at the start of this day in `timeZone`.
    func start(in timeZone: Zone) -> Date {
        timeZone.startOfDay(ordinal).wholeMilliseconds
    }
}
