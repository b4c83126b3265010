import AppCore
import ArgumentParser
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields a to-do can be given or changed by: `add`, `edit` and `fork` share them.
struct ItemOptions: ParsableArguments {
    @Option(help: "When it is due: 2026-12-01, tomorrow, fri, +3d, in 2 weeks, eom… (none to clear, with edit).")
    var due: String?

    @Option(help: "high, medium or low (also h/m/l, or todo.txt's A/B/C; none to clear, with edit).")
    var priority: String?

    @Option(name: .customLong("tag"), help: "A tag, one word; repeat for more.")
    var tags: [String] = []

    @Option(
        name: .customLong("context"),
        help: """
            A context (todo.txt's @context), one word; repeat for more. With edit or fork, they replace \
            its contexts.
            """)
    var contexts: [String] = []

    @Option(help: "Notes: anything more to say.")
    var notes: String?

    /// No field given, as the parser sets them.
    static var noneGiven: ItemOptions {
        var options = ItemOptions()
        options.due = nil
        options.priority = nil
        options.tags = []
        options.contexts = []
        options.notes = nil
        return options
    }

    func day(now: Date, timeZone: Zone) throws -> Day? {
        guard let due, due.lowercased() != "none" else { return nil }
        do {
            return try DayParser.parse(due, now: now, timeZone: timeZone)
        } catch {
            throw ProgramFailure("--due: \(error.description)", exit: .usage)
        }
    }

    func chosenPriority() throws -> Priority? {
        guard let priority, priority.lowercased() != "none" else { return nil }
        guard let chosen = Priority(name: priority) else {
            throw ProgramFailure("--priority is \"\(priority)\"; write high, medium or low", exit: .usage)
        }
        return chosen
    }

    /// The changes these options ask for, in the order a person would read them.
    func changes(title: String?, untag: [String], now: Date, timeZone: Zone) throws -> [TodoItem.Change] {
        var changes: [TodoItem.Change] = []
        if let title { changes.append(.title(title)) }
        if due != nil { changes.append(.due(try day(now: now, timeZone: timeZone))) }
        if priority != nil { changes.append(.priority(try chosenPriority())) }
        changes += tags.map { .addTag($0) } + untag.map { .removeTag($0) }
        if !contexts.isEmpty { changes.append(.contexts(contexts)) }
        if let notes { changes.append(.notes(notes)) }
        return changes
    }
}

/// What `edit` and `fork` change: the fields `add` sets, the title, and tags to take off.
struct ChangeOptions: ParsableArguments {
    @Option(help: "The new title.")
    var title: String?

    @Option(help: "A tag to take off; repeat for more.")
    var untag: [String] = []

    @OptionGroup var item: ItemOptions

    /// The changes asked for, dates read in `session`'s time.
    func changes(in session: Session) throws -> [TodoItem.Change] {
        try item.changes(title: title, untag: untag, now: session.now, timeZone: session.timeZone)
    }
}
