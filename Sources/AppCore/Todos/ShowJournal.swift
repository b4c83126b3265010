import Fractal

/// Shows the journal: everything that happened to the to-dos, oldest first.
func createShowJournal(store: Store<TodoState>, output: @escaping Output<TodoAnswer>) -> Input<Void> {
    { _ in output(.journal(entries: Array(store.state().journal))) }
}
