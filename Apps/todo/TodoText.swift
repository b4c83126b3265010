import AppCore
import Foundation
import ProgramKit

/// How to-dos read as text. What an item holds is shown escaped (`TerminalText`): a store an
/// earlier version wrote may hold control characters, which must be shown, not obeyed.
enum TodoText {
    /// `3f2a  [ ] (A) buy milk  due 2026-12-01  +errands @shop`
    static func line(_ item: TodoItem, abbreviation: Int, style: TextStyle) -> String {
        let title = TerminalText.escaped(item.title)
        var parts = [style.bold(shown(item.id, abbreviation)), item.isCompleted ? "[x]" : "[ ]"]
        if let priority = item.priority { parts.append(paint("(\(priority.letter))", priority, style)) }
        parts.append(item.isCompleted ? style.dim(title) : title)
        var details: [String] = []
        if let due = item.due { details.append("due \(due)") }
        details +=
            item.tags.map { "+\(TerminalText.escaped($0))" } + item.contexts.map { "@\(TerminalText.escaped($0))" }
        return parts.joined(separator: " ") + (details.isEmpty ? "" : "  " + style.dim(details.joined(separator: " ")))
    }

    /// Every field, one to a line, for `todo show`.
    static func details(_ item: TodoItem, abbreviation: Int, timeZone: TimeZone) -> String {
        let time = LocalTime(timeZone: timeZone)
        var lines = [
            "id        \(TerminalText.escaped(item.id.value)) (\(shown(item.id, abbreviation)))",
            "title     \(TerminalText.escaped(item.title))",
            "status    \(item.completed.map { "done \(time.string(from: $0))" } ?? "open")",
            "created   \(time.string(from: item.created))",
        ]
        if let due = item.due { lines.append("due       \(due)") }
        if let priority = item.priority { lines.append("priority  \(priority.rawValue)") }
        if !item.tags.isEmpty { lines.append("tags      \(TerminalText.escaped(item.tags.joined(separator: " ")))") }
        if !item.contexts.isEmpty {
            lines.append("contexts  \(TerminalText.escaped(item.contexts.joined(separator: " ")))")
        }
        for (key, value) in item.extras.sorted(by: { $0.key < $1.key }) {
            lines.append(TerminalText.escaped("\(key):\(value)"))
        }
        if !item.notes.isEmpty {
            lines.append("notes     \(TerminalText.escaped(item.notes, keepingLineBreaks: true))")
        }
        return lines.joined(separator: "\n")
    }

    /// The start of an id that tells it apart, escaped.
    static func shown(_ id: TodoID, _ abbreviation: Int) -> String {
        TerminalText.escaped(String(id.value.prefix(abbreviation)))
    }

    private static func paint(_ text: String, _ priority: Priority, _ style: TextStyle) -> String {
        switch priority {
        case .high: style.red(text)
        case .medium: style.yellow(text)
        case .low: style.green(text)
        }
    }
}

/// Prints items as text lines, or as an array of records with --json.
func show(_ items: [TodoItem], abbreviation: Int, verb: String? = nil, json: Bool) throws {
    if json {
        try printJSON(items.map(TodoRecord.init))
        return
    }
    let style = TextStyle.forStandardOutput()
    for item in items {
        let line = TodoText.line(item, abbreviation: abbreviation, style: style)
        print(verb.map { "\($0) \(line)" } ?? line)
    }
}
