import AppCore
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How to-dos read as text. What an item holds is shown escaped (`TerminalText`): a store an
/// earlier version wrote may hold control characters, which must be shown, not obeyed.
enum TodoText {
    /// `3f2a  [ ] (A) buy milk  due 2026-12-01 17:30 recur:weekly  project:home +errands @shop`, `[>]` for one
    /// being worked on, `[x]` for one done. An open one due before now is marked `overdue` after its
    /// due day, one due later today `today`, one waiting `waiting until DAY` and one expired
    /// `expired DAY`, each with its time where that is not midnight; with colours, the title is red where overdue, yellow where due today and
    /// green where started, in place of the first two marks.
    static func line(_ item: TodoItem, abbreviation: Int, style: TodoStyle) -> String {
        var text: [UInt8] = []
        append(item, abbreviation: abbreviation, style: style, marks: .none, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends an item's line, without its line break, to `text`: built in place, as UTF-8 bytes,
    /// since `todo list` makes one for each of thousands of items (strings built and joined piece
    /// by piece cost a third of listing a hundred thousand).
    ///
    /// The ids it depends on follow, `depends:9c1b,7d2e`, and the words `BLOCKED` where one of them
    /// is open and `BLOCKING` where an open one waits on it, Taskwarrior's names, marks a terminal
    /// without colour shows as well.
    static func append(
        _ item: TodoItem, abbreviation: Int, style todoStyle: TodoStyle, marks: Marks, to text: inout [UInt8]
    ) {
        let style = todoStyle.text
        // Whether there are colours is asked here, once a piece: painting is another module's
        // call, which a plain run of a hundred thousand lines need not make.
        let colours = style.colours
        let standing = todoStyle.due(item)
        let id = shown(item.id, abbreviation)
        text.append(contentsOf: (colours ? style.bold(id) : id).utf8)
        text.append(contentsOf: item.isCompleted ? " [x] ".utf8 : item.started != nil ? " [>] ".utf8 : " [ ] ".utf8)
        if let priority = item.priority {
            let mark = "(\(priority.letter))"
            text.append(contentsOf: (colours ? paint(mark, priority, style) : mark).utf8)
            text.append(UInt8(ascii: " "))
        }
        let title = TerminalText.escaped(item.title)
        text.append(contentsOf: (colours ? painted(title, item, standing, style) : title).utf8)
        let waiting = item.isWaiting(at: todoStyle.now)
        let expired = item.hasExpired(at: todoStyle.now)
        guard
            item.due != nil || item.project != nil || !item.tags.isEmpty || !item.contexts.isEmpty || waiting
                || expired || !item.depends.isEmpty || marks.blocking
        else { return }
        text.append(contentsOf: "  ".utf8)
        let detailsStart = text.count
        if let due = item.due {
            text.append(contentsOf: "due ".utf8)
            text.append(contentsOf: due.description.utf8)
            if let time = item.dueTime {
                text.append(UInt8(ascii: " "))
                text.append(contentsOf: time.description.utf8)
            }
            if !colours, let standing {
                text.append(contentsOf: (standing == .overdue ? " overdue" : " today").utf8)
            }
            if let recur = item.recur {
                text.append(contentsOf: " recur:".utf8)
                text.append(contentsOf: recur.period.utf8)
            }
        }
        if waiting || expired, let moment = waiting ? item.wait : item.until {
            if text.count > detailsStart { text.append(UInt8(ascii: " ")) }
            text.append(contentsOf: (waiting ? "waiting until " : "expired ").utf8)
            text.append(contentsOf: Day(moment, in: todoStyle.timeZone).description.utf8)
            let second = todoStyle.timeZone.wallClock(at: moment).second
            if second != 0, let time = TimeOfDay(seconds: second) {
                text.append(UInt8(ascii: " "))
                text.append(contentsOf: time.description.utf8)
            }
        }
        if let project = item.project {
            if text.count > detailsStart { text.append(UInt8(ascii: " ")) }
            text.append(contentsOf: "project:".utf8)
            text.append(contentsOf: TerminalText.escaped(project).utf8)
        }
        func add(_ labels: [String], marked mark: UInt8) {
            for label in labels {
                if text.count > detailsStart { text.append(UInt8(ascii: " ")) }
                text.append(mark)
                text.append(contentsOf: TerminalText.escaped(label).utf8)
            }
        }
        add(item.tags, marked: UInt8(ascii: "+"))
        add(item.contexts, marked: UInt8(ascii: "@"))
        if !item.depends.isEmpty {
            if text.count > detailsStart { text.append(UInt8(ascii: " ")) }
            text.append(contentsOf: "depends:".utf8)
            text.append(
                contentsOf: item.depends.map { shown(TodoID($0), abbreviation) }.joined(separator: ",").utf8)
        }
        for (mark, word) in [(marks.blocked, "BLOCKED"), (marks.blocking, "BLOCKING")] where mark {
            if text.count > detailsStart { text.append(UInt8(ascii: " ")) }
            text.append(contentsOf: word.utf8)
        }
        if colours {
            let details = String(decoding: text[detailsStart...], as: UTF8.self)
            text.removeSubrange(detailsStart...)
            text.append(contentsOf: style.dim(details).utf8)
        }
    }

    /// Every field, one to a line, for `todo show`, as it stands at `now`.
    static func details(
        _ item: TodoItem, abbreviation: Int, links: TodoLinks = TodoLinks(), timeZone: Zone, now: Date
    ) -> String {
        let time = LocalTime(timeZone: timeZone)
        let status =
            if let completed = item.completed { "done \(time.string(from: completed))" } else if item.isWaiting(at: now)
            {
                "waiting until \(item.wait.map(time.string(from:)) ?? "")"
            } else if item.hasExpired(at: now) {
                "expired \(item.until.map(time.string(from:)) ?? "")"
            } else if let started = item.started { "active since \(time.string(from: started))" } else { "open" }
        var lines = [
            "id        \(TerminalText.escaped(item.id.value)) (\(shown(item.id, abbreviation)))",
            "title     \(TerminalText.escaped(item.title))",
            "status    \(status)",
            "created   \(time.string(from: item.created))",
        ]
        if let due = item.due { lines.append("due       \(due)\(item.dueTime.map { " \($0)" } ?? "")") }
        if let recur = item.recur { lines.append("recur     \(recur)") }
        if let project = item.project { lines.append("project   \(TerminalText.escaped(project))") }
        for (label, moment) in [("wait      ", item.wait), ("scheduled ", item.scheduled), ("until     ", item.until)] {
            if let moment { lines.append(label + time.string(from: moment)) }
        }
        if item.secondsSpent > 0 || item.isActive {
            lines.append("spent     \(duration(item.secondsSpent(at: now)))\(item.isActive ? " so far" : "")")
        }
        func ids(_ ids: [TodoID]) -> String { ids.map { shown($0, abbreviation) }.joined(separator: " ") }
        if !item.depends.isEmpty { lines.append("depends   \(ids(item.depends.map(TodoID.init)))") }
        let blockers = links.blockers(of: item.id)
        if !blockers.isEmpty { lines.append("blocked   by \(ids(blockers)), still open") }
        if let priority = item.priority { lines.append("priority  \(priority.name)") }
        if !item.tags.isEmpty { lines.append("tags      \(TerminalText.escaped(item.tags.joined(separator: " ")))") }
        if !item.contexts.isEmpty {
            lines.append("contexts  \(TerminalText.escaped(item.contexts.joined(separator: " ")))")
        }
        for (key, value) in item.extras.sorted(by: { $0.key < $1.key }) {
            lines.append(TerminalText.escaped("\(key):\(value)"))
        }
        for annotation in item.annotations.all {
            lines.append(
                "annotated \(time.string(from: annotation.entry))  \(TerminalText.escaped(annotation.description))")
        }
        if !item.notes.isEmpty {
            lines.append("notes     \(TerminalText.escaped(item.notes, keepingLineBreaks: true))")
        }
        return lines.joined(separator: "\n")
    }

    /// `2h 05m`, `4m 10s`, `3d 1h`: the two largest units of a time spent.
    static func duration(_ seconds: Int) -> String {
        let (days, hours, minutes, rest) = (seconds / 86_400, seconds / 3_600 % 24, seconds / 60 % 60, seconds % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(two(minutes))m" }
        return minutes > 0 ? "\(minutes)m \(two(rest))s" : "\(rest)s"
    }

    /// The start of an id that tells it apart, escaped.
    static func shown(_ id: TodoID, _ abbreviation: Int) -> String {
        // An id of printable ASCII, as every id this program makes, is cut by its bytes, without
        // walking its characters, and needs no escaping.
        guard id.value.isPrintableASCII else { return TerminalText.escaped(String(id.value.prefix(abbreviation))) }
        return id.value.utf8.withContiguousStorageIfAvailable {
            String(decoding: UnsafeBufferPointer(rebasing: $0.prefix(abbreviation)), as: UTF8.self)
        } ?? String(id.value.prefix(abbreviation))
    }

    /// A title in the colour of how it stands: dim where done, red where overdue, yellow where due
    /// today, green where started.
    private static func painted(_ title: String, _ item: TodoItem, _ due: TodoStyle.Due?, _ style: TextStyle) -> String
    {
        if item.isCompleted { return style.dim(title) }
        switch due {
        case .overdue: return style.red(title)
        case .today: return style.yellow(title)
        case nil: return item.started != nil ? style.green(title) : title
        }
    }

    private static func paint(_ text: String, _ priority: Priority, _ style: TextStyle) -> String {
        switch priority {
        case .high: style.red(text)
        case .medium: style.yellow(text)
        case .low: style.green(text)
        default: text
        }
    }
}

/// How much of a long list is written at once, in bytes.
let outputBlock = 64 * 1_024

/// Prints items as text lines, or as an array of records with --json.
extension TodoText {
    /// The to-dos as the lines `show` writes, one a to-do, for a list kept up to date (`LiveLines`).
    static func lines(
        _ items: [TodoItem], abbreviation: Int, links: TodoLinks = TodoLinks(), style: TodoStyle
    ) -> [String] {
        var line: [UInt8] = []
        let marks = Marks.Lookup(links)
        return items.map { item in
            line.removeAll(keepingCapacity: true)
            append(item, abbreviation: abbreviation, style: style, marks: marks[item.id], to: &line)
            return String(decoding: line, as: UTF8.self)
        }
    }
}

func show(
    _ items: [TodoItem], abbreviation: Int, links: TodoLinks = TodoLinks(), verb: String? = nil, json: Bool,
    in session: Session
) throws {
    if json {
        try printJSON(items.map(TodoRecord.init))
        return
    }
    let style = TodoStyle.forStandardOutput(in: session)
    let marks = TodoText.Marks.Lookup(links)
    // The lines are written a block at a time, not one `print` each.
    var block: [UInt8] = []
    block.reserveCapacity(outputBlock + 1_024)
    for item in items {
        if let verb {
            block.append(contentsOf: verb.utf8)
            block.append(UInt8(ascii: " "))
        }
        TodoText.append(item, abbreviation: abbreviation, style: style, marks: marks[item.id], to: &block)
        block.append(UInt8(ascii: "\n"))
        if block.count >= outputBlock {
            try StandardOutput.write(block)
            block.removeAll(keepingCapacity: true)
        }
    }
    if !block.isEmpty { try StandardOutput.write(block) }
}

extension TodoText {
    /// Whether a to-do's line says it is blocked, or blocking.
    struct Marks {
        var blocked = false
        var blocking = false

        static let none = Marks()

        /// The marks of each to-do an answer's links name, found by id.
        struct Lookup {
            let blocked: Set<TodoID>
            let blocking: Set<TodoID>

            init(_ links: TodoLinks) {
                (blocked, blocking) = (Set(links.blocked.map(\.id)), Set(links.blocking.map(\.id)))
            }

            subscript(id: TodoID) -> Marks {
                blocked.isEmpty && blocking.isEmpty
                    ? .none : Marks(blocked: blocked.contains(id), blocking: blocking.contains(id))
            }
        }
    }
}
