import Fractal
import Synchronization

/// A command replayed to to-dos on pages not read yet (`TodoState.replay`): each change waits on
/// its to-do's page, and what the command did is known once those pages are read. The journal
/// lines and the undo entry, which need each to-do before and after, wait for it in turn: the
/// state reads those pages before it reads them (`TodoItems.readAwaited()`).
struct WaitingCommand: Sendable {
    let label: String
    /// Every to-do the command touched, in the order of its edits.
    let touched: [TodoID]
    /// The to-dos it added, as they were added.
    let added: [TodoID: TodoItem]
    /// How many to-dos it changed, each told to `seen` when its page is read.
    let changed: Int
    let seen: ChangesSeen

    /// The command as it was done, once the pages it changed were read; throws `UnreadableSlice`
    /// before, which reading the journal or the undo history without them would be.
    func done() throws -> DoneCommand {
        var (before, after) = seen.changes
        guard before.count == changed else {
            throw UnreadableSlice(reason: "a kept change to the to-dos was not taken by the page it waited on")
        }
        after.merge(added) { seen, _ in seen }
        return DoneCommand(label: label, before: before, after: after, touched: touched)
    }
}

/// Each to-do a waiting command changed, before and after, told as its page is read.
///
/// A class, because the steps waiting on the pages tell it and the journal and the undo history,
/// other parts of the state, read it: every copy of the state that holds them shares it. A page
/// read again by a copy tells the same to-dos again, and the first telling is kept.
final class ChangesSeen: Sendable {
    private let seen = Mutex<(before: [TodoID: TodoItem], after: [TodoID: TodoItem])>(([:], [:]))

    func saw(_ id: TodoID, before: TodoItem, after: TodoItem) {
        seen.withLock { seen in
            guard seen.before[id] == nil else { return }
            (seen.before[id], seen.after[id]) = (before, after)
        }
    }

    var changes: (before: [TodoID: TodoItem], after: [TodoID: TodoItem]) { seen.withLock { $0 } }
}
