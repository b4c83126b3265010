import AppCore
import Foundation
import ProgramKit

/// How to-dos read as text.
enum TodoText {
    /// `3f2a  [ ] (A) buy milk  due 2026-12-01  +errands @shop`
    static func line(_ item: TodoItem, abbreviation: Int, style: TextStyle) -> String {
        var parts = [style.bold(String(item.id.value.prefix(abbreviation))), item.isCompleted ? "[x]" : "[ ]"]
        if let priority = item.priority { parts.append(paint("(\(priority.letter))", priority, style)) }
        parts.append(item.isCompleted ? style.dim(item.title) : item.title)
        var details: [String] = []
        if let due = item.due { details.append("due \(due)") }
        details += item.tags.map { "+\($0)" } + item.contexts.map { "@\($0)" }
        return parts.joined(separator: " ") + (details.isEmpty ? "" : "  " + style.dim(details.joined(separator: " ")))
    }

    /// Every field, one to a line, for `todo show`.
    static func details(_ item: TodoItem, abbreviation: Int, timeZone: TimeZone) -> String {
        let time = LocalTime(timeZone: timeZone)
        var lines = [
            "id        \(item.id) (\(item.id.value.prefix(abbreviation)))",
            "title     \(item.title)",
            "status    \(item.completed.map { "done \(time.string(from: $0))" } ?? "open")",
            "created   \(time.string(from: item.created))",
        ]
        if let due = item.due { lines.append("due       \(due)") }
        if let priority = item.priority { lines.append("priority  \(priority.rawValue)") }
        if !item.tags.isEmpty { lines.append("tags      \(item.tags.joined(separator: " "))") }
        if !item.contexts.isEmpty { lines.append("contexts  \(item.contexts.joined(separator: " "))") }
        for (key, value) in item.extras.sorted(by: { $0.key < $1.key }) { lines.append("\(key):\(value)") }
        if !item.notes.isEmpty { lines.append("notes     \(item.notes)") }
        return lines.joined(separator: "\n")
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
