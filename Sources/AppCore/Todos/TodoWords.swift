import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a person types after `todo add` or `todo edit ID`, as Taskwarrior and todo.txt users type
/// it: `buy milk +errands @store project:home due:fri pri:H wait:+2d`.
///
/// Each argument is read whole, as the shell gave it: `+tag` adds a tag and `@context` a context
/// (one word each); with `edit`, `-tag` and `-@context` take them off; `name:value` sets an
/// attribute, `project:` (`proj:`), `due:`, `wait:`, `scheduled:` (`sched:`), `until:`,
/// `priority:` (`pri:`), `recur:` and `depends:` (`dep:`, ids joined by commas, one after a `-`
/// taken off), an empty value clearing it, and a value of several words given as one
/// argument (`"due:fri 17:30"`). Every other argument is the title's, and so is every argument
/// after `--`, whatever it looks like. So `"call +44 20 7946"`, one argument of several words,
/// stays the title as it is. But the first argument may start as a todo.txt line does, with its
/// priority, `(A)` to `(Z)`: that sets the priority, and the words after it in the same argument
/// are read as arguments each (`"(A) call mum @phone +family"`, as todo.txt users quote a line).
public enum TodoWords {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The title the words give, none where they give no word of it, and the changes they ask
    /// for, in the order given. The words after the first `--` are the title's alone.
    public static func read(
        _ arguments: [String], editing: Bool, now: Date, timeZone: Zone
    ) throws(Failure) -> (title: String?, changes: [TodoItem.Change]) {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var (title, changes): ([String], [TodoItem.Change]) = ([], [])
        var words = Array(arguments[..<end])
        var leading: Priority?
        if let first = words.first, let (priority, rest) = leadingPriority(first) {
            leading = priority
            words = rest + words.dropFirst()
            // A todo.txt line gives the day it was made next: no word of a title, nor a day `add` sets.
            if let day = words.first, Day(iso: day[...]) != nil {
                throw Failure(
                    description: "\(day) after (\(priority.letter)) is the day a todo.txt line was made, which is "
                        + "not set here: import the line (todo import -), or write the title after --")
            }
        }
        var given: [(word: String, changes: [TodoItem.Change])] = []
        for argument in words {
            guard let read = try attribute(argument, editing: editing, now: now, timeZone: timeZone) else {
                title.append(argument)
                continue
            }
            if let odds = TodoItem.Change.atOdds(read, read) {  // dep:a,-a
                throw Failure(description: said(odds, by: [argument]))
            }
            if let (earlier, odds) = given.lazy.compactMap({ earlier in
                TodoItem.Change.atOdds(earlier.changes, read).map { (earlier.word, $0) }
            }).first {
                throw Failure(description: said(odds, by: [earlier, argument]))
            }
            given.append((argument, read))
            changes += read
        }
        if let leading {
            if TodoItem.Change.atOdds([.priority(leading)], changes) != nil {
                throw Failure(
                    description: "the priority is given twice, as (\(leading.letter)) and by a pri: word: give it once")
            }
            changes.insert(.priority(leading), at: 0)
        }
        title += arguments[end...].dropFirst()
        return (title.isEmpty ? nil : title.joined(separator: " "), changes)
    }

    /// What `odds` between `words` (or within the one word) is, in a person's words.
    private static func said(_ odds: ChangesAtOdds, by words: [String]) -> String {
        let named = words.map(\.excerpt).joined(separator: " and ")
        return switch odds {
        case .field(let name): "\(named): \(name) is given two values; give it once"
        case .label(let kind, let name): "\(named): the \(kind) \(name.excerpt) is both added and taken off; give one"
        }
    }

    /// The names an attribute is typed by, and the one each stands for.
    static let names = [
        "project": "project", "proj": "project", "due": "due", "wait": "wait", "scheduled": "scheduled",
        "sched": "scheduled", "until": "until", "priority": "priority", "pri": "priority", "recur": "recur",
        "depends": "depends", "dep": "depends",
    ]

    /// The priority a todo.txt line starts with, `(B)` and a space or nothing after it, and the
    /// words after it; nil where the argument does not start so.
    private static func leadingPriority(_ argument: String) -> (Priority, [String])? {
        let start = argument.prefix(3)
        guard start.count == 3, start.first == "(", start.last == ")", let letter = start.dropFirst().first,
            letter.isUppercase, let priority = Priority(letter: letter)
        else { return nil }
        let rest = argument.dropFirst(3)
        guard rest.isEmpty || rest.first?.isWhitespace == true else { return nil }
        return (priority, rest.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// The changes `depends:` asks for: each id (or its start) of a list joined by commas is one
    /// it waits on, one after a `-` is one it no longer waits on, and none at all clears them.
    public static func dependencies(_ list: String) -> [TodoItem.Change] {
        guard !list.isEmpty else { return [.depends([])] }
        return list.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.map { reference in
            reference.hasPrefix("-") && reference.count > 1
                ? .removeDependency(String(reference.dropFirst())) : .addDependency(reference)
        }
    }

    /// The changes `argument` asks for; nil for a word of the title.
    private static func attribute(
        _ argument: String, editing: Bool, now: Date, timeZone: Zone
    ) throws(Failure) -> [TodoItem.Change]? {
        let oneWord = !argument.contains(where: \.isWhitespace)
        if oneWord, argument.count > 1, argument.hasPrefix("+") {
            let tag = String(argument.dropFirst())
            // A filter reads it as what it says of a to-do: as a tag no filter could reach it.
            guard !TodoFilterWords.virtualTagNames.contains(tag) else {
                throw Failure(
                    description:
                        "\(argument) is a virtual tag, which a filter reads: give a tag of your own another name")
            }
            return [.addTag(tag)]
        }
        if oneWord, argument.count > 1, argument.hasPrefix("@") { return [.addContext(String(argument.dropFirst()))] }
        if argument.hasPrefix("--") {
            throw Failure(description: "\(argument) is no option here; put it after -- to keep it in the title")
        }
        if argument.hasPrefix("-"), argument.count > 1 {
            guard editing, oneWord else {
                throw Failure(
                    description: "\(argument): only edit takes a tag (-tag) or context (-@context) off; "
                        + "put it after -- to keep it in the title")
            }
            let label = argument.dropFirst()
            if label.hasPrefix("@"), label.count > 1 { return [.removeContext(String(label.dropFirst()))] }
            return [.removeTag(String(label))]
        }
        guard let colon = argument.firstIndex(of: ":"),
            let name = names[argument[..<colon].lowercased()]
        else { return nil }
        let value = String(argument[argument.index(after: colon)...]).trimmingWhitespace()
        func moment(endOfDay: Bool = false) throws(Failure) -> Date? {
            guard !value.isEmpty else { return nil }
            do {
                return try DayParser.parseMoment(value, now: now, timeZone: timeZone, endOfDay: endOfDay)
            } catch {
                throw Failure(description: "\(name): \(error.description)")
            }
        }
        switch name {
        case "project": return [.project(value.isEmpty ? nil : value)]
        case "wait": return [.wait(try moment())]
        case "scheduled": return [.scheduled(try moment())]
        case "until": return [.until(try moment(endOfDay: true))]
        case "depends": return dependencies(value)
        case "recur":
            guard !value.isEmpty else { return [.recur(nil)] }
            guard let recurrence = Recurrence(text: value) else {
                throw Failure(description: Recurrence.problem(value))
            }
            return [.recur(recurrence)]
        case "priority":
            guard !value.isEmpty else { return [.priority(nil)] }
            guard let priority = Priority(name: value) else {
                throw Failure(description: "priority:\(value) is no priority; write \(Priority.typedForms)")
            }
            return [.priority(priority)]
        default:
            guard !value.isEmpty else { return [.due(nil), .dueTime(nil)] }
            do {
                let (day, time) = try DayParser.parseWithTime(value, now: now, timeZone: timeZone)
                return [.due(day), .dueTime(time)]
            } catch {
                throw Failure(description: "due: \(error.description)")
            }
        }
    }
}
