import Essentials
import Fractal

/// Marks to-dos done, with the time, or open again: several at once are one command.
func createMarkTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], done: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let ids = try store.state().resolve(request.references)
            let verb = request.done ? "done" : "reopen"
            let after = try perform(
                TodoBatch(
                    label: commandLabel(verb, naming: request.references), at: now,
                    edits: ids.map { .alter($0, [.completed(request.done ? now : nil)]) }), on: store)
            return .changed(items: ids.compactMap { after.items[$0] }, abbreviation: after.abbreviation)
        }
    }
}
