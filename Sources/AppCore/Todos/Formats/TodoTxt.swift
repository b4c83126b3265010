import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// todo.txt (github.com/todotxt/todo.txt): one task a line.
///
///     x 2026-11-20 2026-11-01 Call mum at 10:30 +family @phone due:2026-11-30 pri:A id:3f2a9c01d4
///     (A) 2026-11-01 Buy milk +errands @shop due:2026-12-01
///     (K) Someday, tidy the shed
///
/// A done task starts with `x` and its completion day; an open one may start with its priority,
/// `(A)` to `(Z)`; then may come the day it was made. Of the words after those, wherever they
/// stand, `+project` is a tag, `@context` a context, and `key:value` (neither part empty, a key
/// not all digits, no `://`) is `due:` the due day, `recur:` its recurrence (where it has a due
/// day), `pri:` a done task's priority, `id:` its id,
/// any other key an extra; every other word is the title's, and words of it next to each other
/// keep the spaces between them. (A), (B) and (C) are the high, medium and low priorities, and each
/// letter up to (Z) a priority of its own. A task without the day
/// it was made keeps the extra `created:none` (made, for the store, when it was imported, or when
/// it was done), and is written without one. A title's own word that would be read as a tag or a
/// context is written behind a backslash (`\@bob`, `\+1`), one that would be read as `key:value`
/// with a backslash before its colon (`due\:friday`);
/// reading takes that backslash off again. So every title comes back as it was, and a line an
/// earlier version or another tool wrote reads as it did, but for a word with such a backslash
/// and for runs of spaces in its title. Notes do not travel, nor, yet, the project, the due time,
/// wait, scheduled, until and the time worked.
enum TodoTxt {
    /// The extra that says the file gave no day the task was made (its value `none`).
    static let undatedKey = "created"

    static func write(_ items: [TodoItem], timeZone: Zone) -> String {
        items.map { line(for: $0, timeZone: timeZone) }.joined(separator: "\n") + (items.isEmpty ? "" : "\n")
    }

    static func line(for item: TodoItem, timeZone: Zone) -> String {
        var words: [String] = []
        let letter = item.priority?.letter
        if let completed = item.completed {
            words += ["x", Day(completed, in: timeZone).description]
        } else if let letter {
            words.append("(\(letter))")
        }
        let undated = item.extras[undatedKey] == "none"
        if !undated { words.append(Day(item.created, in: timeZone).description) }
        words.append(escaped(title: item.title))
        words += item.tags.map { "+\($0)" } + item.contexts.map { "@\($0)" }
        if let due = item.due { words.append("due:\(due)") }
        if let recur = item.recur { words.append("recur:\(recur.period)") }
        if item.isCompleted, let letter { words.append("pri:\(letter)") }
        words += item.extras.sorted { $0.key < $1.key }
            .filter {
                !(undated && $0.key == undatedKey) && !($0.key == "recur" && item.recur != nil)
            }
            .map { "\($0.key):\($0.value)" }
        words.append("id:\(item.id)")
        return words.joined(separator: " ")
    }

    /// The title with a backslash in each word that would otherwise be read as metadata.
    static func escaped(title: String) -> String {
        // Most titles hold none of the marks the rules turn on: they are written as they are.
        guard title.utf8.contains(where: { $0 == UInt8(ascii: ":") || isMark($0) }) else { return title }
        return title.split(separator: " ", omittingEmptySubsequences: false).map(escaped(word:))
            .joined(separator: " ")
    }

    /// Reading the word gives the title's own word back, whatever backslashes it holds: a
    /// backslash more in front of a (backslashed) tag or context, or before the colon of a pair.
    private static func escaped(word: Substring) -> String {
        if isMarked(word.drop { $0 == "\\" }) { return "\\" + word }
        guard let colon = pairColon(in: word) else { return String(word) }
        return word[..<colon] + "\\" + word[colon...]
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
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        var todo = ImportedTodo(line: number)
        let midnight: (Day) -> Date = { day in day.start(in: timeZone) }
        if words.first == "x" {
            words.removeFirst()
            if let day = words.first.flatMap({ Day(iso: $0) }) {
                todo.item.completed = midnight(day)
                words.removeFirst()
            } else {
                // Done, the line says, but not when: done when it was made, as the import makes
                // it (never on a day of 1970). Done meanwhile, so that no open to-do matches it.
                todo.item.completed = Date(milliseconds: 0)
                todo.doneWhenMade = true
            }
        } else if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
            let letter = first.dropFirst().first, ("A"..."Z").contains(letter)
        {
            todo.setPriority(letter: String(letter))
            words.removeFirst()
        }
        if let day = words.first.flatMap({ Day(iso: $0) }) {
            todo.created = midnight(day)
            words.removeFirst()
        } else {
            // No day invented: the store needs a moment, the file is written back without one.
            todo.item.extras[undatedKey] = "none"
            todo.created = todo.doneWhenMade ? nil : todo.item.completed
        }
        var title = ""
        // The title's last word, while no metadata has come after it: the next word of the title
        // keeps the spaces between them, so that a title of many spaces comes back as it was.
        var lastTitleWord: Substring?
        for word in words {
            let meaning = meaning(of: word)
            switch meaning {
            case .title(let text):
                title += lastTitleWord.map { line[$0.endIndex..<word.startIndex] } ?? (title.isEmpty ? "" : " ")
                title += text
            case .tag(let tag): todo.item.tags.append(tag)
            case .context(let context): todo.item.contexts.append(context)
            case .pair(let key, let value):
                switch key {
                case "due":
                    guard let day = Day(iso: value) else {
                        throw .unreadableImport(
                            format: "todo.txt", line: number, problem: "due:\(value) is not a day like 2026-12-01")
                    }
                    todo.item.due = day
                case "pri": todo.setPriority(letter: value)
                case "id": todo.id = value
                default: todo.item.extras[key] = value
                }
            }
            if case .title = meaning { lastTitleWord = word } else { lastTitleWord = nil }
        }
        todo.item.title = title
        // `recur:` is the to-do's recurrence where it reads as one and the line gives a due day to
        // count from; else an extra, as it came.
        if let recur = todo.item.extras["recur"], todo.item.due != nil, let recurrence = Recurrence(text: recur) {
            (todo.item.recur, todo.item.extras["recur"]) = (recurrence, nil)
        }
        guard !todo.item.title.isEmpty else {
            throw .unreadableImport(format: "todo.txt", line: number, problem: "the task has no text")
        }
        return todo
    }

    /// What a word after a task's opening days and marks says.
    private enum Meaning {
        case tag(String), context(String), pair(key: String, value: String), title(String)
    }

    private static func meaning(of word: Substring) -> Meaning {
        // Most words neither start with a mark or a backslash nor hold a colon: they are the
        // title's, seen from their bytes without reading them as Characters.
        if let first = word.utf8.first, !isMark(first), first != UInt8(ascii: "\\"),
            !word.utf8.contains(UInt8(ascii: ":"))
        {
            return .title(String(word))
        }
        let bare = word.drop { $0 == "\\" }
        if isMarked(bare) {
            guard bare.startIndex == word.startIndex else { return .title(String(word.dropFirst())) }
            return word.first == "+" ? .tag(String(word.dropFirst())) : .context(String(word.dropFirst()))
        }
        guard let colon = pairColon(in: word) else { return .title(String(word)) }
        let key = word[..<colon]
        guard key.last != "\\" else { return .title(String(key.dropLast()) + word[colon...]) }
        return .pair(key: String(key), value: String(word[word.index(after: colon)...]))
    }

    private static func isMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "+") || byte == UInt8(ascii: "@")
    }

    /// A `+tag` or an `@context`: the mark and something after it.
    private static func isMarked(_ word: Substring) -> Bool {
        (word.first == "+" || word.first == "@") && word.count > 1
    }

    /// The colon of a `key:value` word: its first, with something before and after it, and no `://`
    /// in the word, so that a link stays text.
    private static func pairColon(in word: Substring) -> Substring.Index? {
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex,
            !word.contains("://"), !isNumber(word[..<colon])
        else { return nil }
        return colon
    }
}

extension TodoTxt {
    /// A key of digits alone is no key: `10:30` is a time, a word of the title.
    static func isNumber(_ key: Substring) -> Bool {
        key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

extension ImportedTodo {
    /// The priority of todo.txt's `(A)` or `pri:A`, a capital letter (`(H)` is H, not Taskwarrior's
    /// high), or a word of ours (`pri:high`); what is neither is kept as the extra `priority`, not
    /// dropped.
    fileprivate mutating func setPriority(letter: String) {
        if letter.count == 1, let capital = letter.first, capital.isUppercase, let priority = Priority(letter: capital)
        {
            item.priority = priority
        } else if letter.count > 1, let priority = Priority(name: letter) {
            item.priority = priority
        } else {
            item.extras["priority"] = letter
        }
    }
}

extension Day {
    /// Midnight at the start of this day in `timeZone`.
    func start(in timeZone: Zone) -> Date {
        timeZone.startOfDay(ordinal).wholeMilliseconds
    }
}
