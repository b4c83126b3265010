import Fractal
import Stores

// What every to-do use case that writes shares: a change kept, or the reason it was not.

/// Does a batch of edits as one command, and returns the to-dos as they then are.
func perform(_ batch: TodoBatch, on store: Store<TodoState>) throws(TodoFailure) -> TodoState {
    try keep(.perform(batch), in: store)
    return store.state()
}

/// Keeps one change to the to-dos: a to-do failure as it is, anything else as a store that did
/// not keep it.
func keep(_ change: TodoState.Change, in store: Store<TodoState>) throws(TodoFailure) {
    do {
        try store.change(change)
    } catch let failure as TodoFailure {
        throw failure
    } catch let error as StoreError {
        guard case .unreadable = error else { throw TodoFailure.notStored(reason: "\(error)") }
        throw TodoFailure.unreadableStore(description: "\(error)")
    } catch {
        throw TodoFailure.notStored(reason: "\(error)")
    }
}

extension TodoState {
    /// The ids that `references` name, each once, in the order first named.
    func resolve(_ references: [String]) throws(TodoFailure) -> [TodoID] {
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

/// Runs a use case's work and answers with what it returns, or with why it failed.
func answering(_ output: Output<TodoAnswer>, _ work: () throws -> TodoAnswer) {
    do {
        output(try work())
    } catch let failure as TodoFailure {
        output(.failed(reason: failure))
    } catch {
        output(.failed(reason: .notStored(reason: "\(error)")))
    }
}
