import Fractal

/// Shows what happened to which to-do, oldest first.
func createShowJournal(store: Store<TodoState>, output: @escaping Output<TodoAnswer>) -> Input<Void> {
    { _ in answering(output) { .journal(entries: Array(try read(store).loadJournal())) } }
}
