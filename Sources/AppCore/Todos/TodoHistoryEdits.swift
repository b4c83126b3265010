import Collections
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// What a command adds to the to-dos' journal and undo history, as `DeferredEdit`s: taken at once
// when they were read, else kept until they are, so that a change does not read them.

/// A command's lines in the journal, one a touched to-do, the oldest lines going once there are
/// more than the journal keeps.
struct JournalLines: DeferredEdit {
    /// How each line says what was done.
    enum Doing: Sendable {
        /// A command of its own edits; `named` holds, for a command of many, the action of each
        /// id it added or deleted, worked out once (see `TodoState.namedActions`).
        case performed(TodoBatch, named: [TodoID: JournalEntry.Action]?)
        case undone
        case redone
    }

    let done: DoneCommand
    let doing: Doing
    let moment: Date

    func apply(to journal: inout Deque<JournalEntry>) {
        for id in done.touched { journal.append(line(for: id)) }
        if journal.count > TodoState.journalLimit { journal.removeFirst(journal.count - TodoState.journalLimit) }
    }

    private func line(for id: TodoID) -> JournalEntry {
        switch doing {
        case .performed(let command, let named):
            let item = done.after[id] ?? done.before[id]
            return JournalEntry(
                at: moment, action: TodoState.action(of: id, named, command, done), id: id, title: item?.title ?? "",
                command: command.label)
        case .undone:
            return JournalEntry(
                at: moment, action: .undone, id: id, title: (done.before[id] ?? done.after[id])?.title ?? "",
                command: "undo \(done.label)")
        case .redone:
            return JournalEntry(
                at: moment, action: .redone, id: id, title: (done.after[id] ?? done.before[id])?.title ?? "",
                command: "redo \(done.label)")
        }
    }
}

/// A done command put on top of the undo or the redo history; on the undo history, the oldest
/// goes once there are more than `undo` can go back over.
struct PushCommand<History: RangeReplaceableCollection & Sendable>: DeferredEdit
where History.Element == DoneCommand {
    let done: DoneCommand
    let limit: Int?

    func apply(to history: inout History) {
        history.append(done)
        if let limit, history.count > limit { history.removeFirst() }
    }
}
