/// Performs a to-do command on the store, and returns the to-dos as they then are.
func perform(_ command: TodoCommand, on store: AppStore) throws(TodoFailure) -> TodoState {
    try change(.perform(command), on: store)
    return store.state().todos
}

/// Undoes or redoes the last command, and returns its label.
func rewind(_ change: TodoState.Change, on store: AppStore) throws(TodoFailure) -> String {
    let todos = store.state().todos
    let label: String? =
        switch change {
        case .undo: todos.undoable.last?.label
        case .redo: todos.redoable.last?.label
        case .perform(let command): command.label
        }
    try AppCore.change(change, on: store)
    return label ?? ""
}

/// A change to the to-dos: a to-do failure as it is, anything else as a store that did not keep it.
private func change(_ change: TodoState.Change, on store: AppStore) throws(TodoFailure) {
    do {
        try store.change([.todos(change)])
    } catch let failure as TodoFailure {
        throw failure
    } catch {
        throw .notStored(reason: "\(error)")
    }
}
