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
    @Option(
        help: """
            When it is due: 2026-12-01, tomorrow, fri, +3d, in 2 weeks, eom…, and a time if wished: \
            "fri 17:30", 2026-12-01T09:00 (none to clear, with edit).
            """)
    var due: String?

    @Option(help: "Its project; a dot makes one under another: work.reports is in work (none to clear).")
    var project: String?

    @Option(
        help: "Hide it from the open to-dos until then: a date as --due takes, its start if no time (none to clear).")
    var wait: String?

    @Option(help: "When work on it is meant to begin: a date as --due takes (none to clear).")
    var scheduled: String?

    @Option(
        help:
            "When it expires, hidden from the open to-dos after then: a date as --due takes, its end if no time (none to clear)."
    )
    var until: String?

    @Option(
        help: """
            Make it come back once done: daily, weekly, monthly, yearly, weekdays, or 3d, 2w, 6m, 2y; \
            the next one is due that long after its due day, which it needs (none to clear).
            """)
    var recur: String?

    @Option(
        help: """
            The to-dos it waits on, by their ids or the start of them, joined by commas: it is blocked \
            while one is open; -ID takes one off (--depends=-9c1b), none clears them all.
            """)
    var depends: String?

    @Option(
        help: """
            high, medium or low (also h/m/l), or todo.txt's letters: A to Z, A first (the letters H, L \
            and M in brackets, "(H)"); none to clear, with edit.
            """)
    var priority: String?

    @Option(name: .customLong("tag"), help: "A tag, one word; repeat for more.")
    var tags: [String] = []

    @Option(
        name: .customLong("context"),
        help: """
            A context (todo.txt's @context), one word; repeat for more. With edit or fork, it is added to \
            those it has.
            """)
    var contexts: [String] = []

    @Option(help: "Notes: anything more to say.")
    var notes: String?

    /// No field given, as the parser sets them.
    static var noneGiven: ItemOptions {
        var options = ItemOptions()
        options.due = nil
        options.project = nil
        options.wait = nil
        options.scheduled = nil
        options.until = nil
        options.recur = nil
        options.depends = nil
        options.priority = nil
        options.tags = []
        options.contexts = []
        options.notes = nil
        return options
    }

    /// The due day and its time, or none for none.
    func dueDay(now: Date, timeZone: Zone) throws -> (day: Day, time: TimeOfDay?)? {
        guard let due, due.lowercased() != "none" else { return nil }
        do {
            return try DayParser.parseWithTime(due, now: now, timeZone: timeZone)
        } catch {
            throw ProgramFailure("--due: \(error.description)", exit: .usage)
        }
    }

    /// The moment `text`, given as `--option`, names; none for none.
    static func moment(
        _ text: String, option: String, now: Date, timeZone: Zone, endOfDay: Bool = false
    ) throws -> Date? {
        guard text.lowercased() != "none" else { return nil }
        do {
            return try DayParser.parseMoment(text, now: now, timeZone: timeZone, endOfDay: endOfDay)
        } catch {
            throw ProgramFailure("--\(option): \(error.description)", exit: .usage)
        }
    }

    /// The recurrence `text` names, given as `--recur`; none for none.
    static func recurrence(_ text: String) throws -> Recurrence? {
        guard text.lowercased() != "none" else { return nil }
        guard let recurrence = Recurrence(text: text) else {
            throw ProgramFailure(Recurrence.problem(text), exit: .usage)
        }
        return recurrence
    }

    func chosenPriority() throws -> Priority? {
        guard let priority, priority.lowercased() != "none" else { return nil }
        guard let chosen = Priority(name: priority) else {
            throw ProgramFailure("--priority is \"\(priority)\"; write \(Priority.typedForms)", exit: .usage)
        }
        return chosen
    }

    /// The changes these options ask for, in the order a person would read them.
    func changes(
        title: String?, untag: [String], uncontext: [String], now: Date, timeZone: Zone
    ) throws -> [TodoItem.Change] {
        var changes: [TodoItem.Change] = []
        if let title { changes.append(.title(title)) }
        if due != nil {
            // A due day given without a time takes the time off, as the day it names is what is due.
            let due = try dueDay(now: now, timeZone: timeZone)
            changes += [.due(due?.day), .dueTime(due?.time)]
        }
        if let project { changes.append(.project(project.lowercased() == "none" ? nil : project)) }
        if let wait { changes.append(.wait(try Self.moment(wait, option: "wait", now: now, timeZone: timeZone))) }
        if let scheduled {
            changes.append(.scheduled(try Self.moment(scheduled, option: "scheduled", now: now, timeZone: timeZone)))
        }
        if let until {
            changes.append(
                .until(try Self.moment(until, option: "until", now: now, timeZone: timeZone, endOfDay: true)))
        }
        if let recur { changes.append(.recur(try Self.recurrence(recur))) }
        if let depends { changes += TodoWords.dependencies(depends.lowercased() == "none" ? "" : depends) }
        if priority != nil { changes.append(.priority(try chosenPriority())) }
        changes += tags.map { .addTag($0) } + untag.map { .removeTag($0) }
        changes += contexts.map { .addContext($0) } + uncontext.map { .removeContext($0) }
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

    @Option(help: "A context to take off; repeat for more.")
    var uncontext: [String] = []

    @OptionGroup var item: ItemOptions

    /// The changes asked for, dates read in `session`'s time.
    func changes(in session: Session) throws -> [TodoItem.Change] {
        try item.changes(
            title: title, untag: untag, uncontext: uncontext, now: session.now, timeZone: session.timeZone)
    }
}
