import Fractal
import Stores

// What every to-do use case shares: the to-dos read once, a change kept, or the reason not.
//
// A use case reads the store once, works out its change and its answer from what it read, and
// keeps the change: the store applies it to its latest state, under its lock, so a change made
// meanwhile by another program is not lost. The answer shows the to-dos as the change made them
// from what was read; another program's change to the same to-do in between is kept, not shown.

/// The to-dos as the store has them now; a part that cannot be read is the failure that says so.
func read(_ store: Store<TodoState>) throws(TodoFailure) -> TodoState {
    do {
        return try store.state()
    } catch {
        throw .unreadable(reason: "\(error)")
    }
}

/// What `work` makes of the to-dos as the store has them now: read once, and let go when `work`
/// returns, before the change it prepares is kept. Held while the store changes, the to-dos read
/// would share their pages with the store's, and the store would copy the page it changes.
func reading<Result>(_ store: Store<TodoState>, _ work: (TodoState) throws -> Result) throws -> Result {
    try work(try read(store))
}

/// Keeps one change to the to-dos: a to-do failure as it is, a part of the store that cannot be
/// read as such, anything else as a store that did not keep it.
func keep(_ change: TodoState.Change, in store: Store<TodoState>) throws(TodoFailure) {
    try keep(change, in: store, failing: TodoFailure.self)
}

extension TodoState {
    /// The ids that `references` name, each once, in the order first named.
    func resolve(_ references: [String]) throws -> [TodoID] {
        var ids: [TodoID] = []
        for reference in references {
            let id = try resolve(reference)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}

/// How a command that names to-dos reads in the journal and in undo's answer: its verb and what
/// it was given, the first `shownReferences` of many and how many more. Every journal line of the
/// command repeats it, so naming all of a thousand would grow the store with their square.
func commandLabel(_ verb: String, naming references: [String]) -> String {
    // A few are joined as an array, the way that costs no allocation beyond the label's own (the
    // hot path's done and reopen name one).
    guard references.count > shownReferences else { return "\(verb) \(references.joined(separator: " "))" }
    let shown = references.prefix(shownReferences).joined(separator: " ")
    return "\(verb) \(shown) and \(references.count - shownReferences) more"
}

/// How many of a command's references its label names.
let shownReferences = 8
