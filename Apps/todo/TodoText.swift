import AppCore
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How to-dos read as text. What an item holds is shown escaped (`TerminalText`): a store an
/// earlier version wrote may hold control characters, which must be shown, not obeyed.
enum TodoText {
    /// `3f2a  [ ] (A) buy milk  due 2026-12-01  +errands @shop`
    static func line(_ item: TodoItem, abbreviation: Int, style: TextStyle) -> String {
        var text = ""
        append(item, abbreviation: abbreviation, style: style, to: &text)
        return text
    }

    /// Appends an item's line, without its line break, to `text`: built in place, piece by piece,
    /// since `todo list` makes one for each of thousands of items.
    static func append(_ item: TodoItem, abbreviation: Int, style: TextStyle, to text: inout String) {
        text += style.bold(shown(item.id, abbreviation))
        text += item.isCompleted ? " [x] " : " [ ] "
        if let priority = item.priority {
            text += paint("(\(priority.letter))", priority, style)
            text += " "
        }
        let title = TerminalText.escaped(item.title)
        text += item.isCompleted ? style.dim(title) : title
        guard item.due != nil || !item.tags.isEmpty || !item.contexts.isEmpty else { return }
        var details = ""
        if let due = item.due { details += "due \(due)" }
        func add(_ labels: [String], marked mark: String) {
            for label in labels {
                if !details.isEmpty { details += " " }
                details += mark
                details += TerminalText.escaped(label)
            }
        }
        add(item.tags, marked: "+")
        add(item.contexts, marked: "@")
        text += "  "
        text += style.dim(details)
    }

    /// Every field, one to a line, for `todo show`.
    static func details(_ item: TodoItem, abbreviation: Int, timeZone: Zone) -> String {
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

/// How much of a long list is written at once, in bytes.
private let outputBlock = 64 * 1_024

/// Prints items as text lines, or as an array of records with --json.
func show(_ items: [TodoItem], abbreviation: Int, verb: String? = nil, json: Bool) throws {
    if json {
        try printJSON(items.map(TodoRecord.init))
        return
    }
    let style = TextStyle.forStandardOutput()
    // The lines are written a block at a time, not one `print` each.
    var block = ""
    block.reserveCapacity(outputBlock + 1_024)
    for item in items {
        if let verb { block += verb + " " }
        TodoText.append(item, abbreviation: abbreviation, style: style, to: &block)
        block += "\n"
        if block.utf8.count >= outputBlock {
            try StandardOutput.write(block)
            block.removeAll(keepingCapacity: true)
        }
    }
    if !block.isEmpty { try StandardOutput.write(block) }
}
