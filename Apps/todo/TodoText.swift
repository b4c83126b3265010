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
        var text: [UInt8] = []
        append(item, abbreviation: abbreviation, style: style, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends an item's line, without its line break, to `text`: built in place, as UTF-8 bytes,
    /// since `todo list` makes one for each of thousands of items (strings built and joined piece
    /// by piece cost a third of listing a hundred thousand).
    static func append(_ item: TodoItem, abbreviation: Int, style: TextStyle, to text: inout [UInt8]) {
        text.append(shown(item.id, abbreviation), painted: style.bold, if: style.colours)
        text.append(contentsOf: item.isCompleted ? " [x] ".utf8 : " [ ] ".utf8)
        if let priority = item.priority {
            text.append("(\(priority.letter))", painted: paint(priority, style), if: style.colours)
            text.append(0x20)
        }
        text.append(TerminalText.escaped(item.title), painted: style.dim, if: item.isCompleted && style.colours)
        guard item.due != nil || !item.tags.isEmpty || !item.contexts.isEmpty else { return }
        text.append(contentsOf: "  ".utf8)
        let detailsStart = text.count
        if let due = item.due {
            text.append(contentsOf: "due ".utf8)
            text.append(contentsOf: due.description.utf8)
        }
        func add(_ labels: [String], marked mark: UInt8) {
            for label in labels {
                if text.count > detailsStart { text.append(0x20) }
                text.append(mark)
                text.append(contentsOf: TerminalText.escaped(label).utf8)
            }
        }
        add(item.tags, marked: UInt8(ascii: "+"))
        add(item.contexts, marked: UInt8(ascii: "@"))
        if style.colours {
            let details = String(decoding: text[detailsStart...], as: UTF8.self)
            text.removeSubrange(detailsStart...)
            text.append(contentsOf: style.dim(details).utf8)
        }
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
        // An id of printable ASCII, as every id this program makes, is cut by its bytes, without
        // walking its characters.
        let printable = id.value.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(abbreviation)), as: UTF8.self)
        }
        return (printable ?? nil) ?? TerminalText.escaped(String(id.value.prefix(abbreviation)))
    }

    private static func paint(_ priority: Priority, _ style: TextStyle) -> (String) -> String {
        switch priority {
        case .high: style.red
        case .medium: style.yellow
        case .low: style.green
        }
    }
}

extension [UInt8] {
    /// Appends `text`, painted by `paint` if `colours`.
    fileprivate mutating func append(_ text: String, painted paint: (String) -> String, if colours: Bool) {
        append(contentsOf: (colours ? paint(text) : text).utf8)
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
    var block: [UInt8] = []
    block.reserveCapacity(outputBlock + 1_024)
    for item in items {
        if let verb {
            block.append(contentsOf: verb.utf8)
            block.append(0x20)
        }
        TodoText.append(item, abbreviation: abbreviation, style: style, to: &block)
        block.append(0x0A)
        if block.count >= outputBlock {
            try StandardOutput.write(block)
            block.removeAll(keepingCapacity: true)
        }
    }
    if !block.isEmpty { try StandardOutput.write(block) }
}
