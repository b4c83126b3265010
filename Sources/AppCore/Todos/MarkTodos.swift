import Essentials
import Fractal

/// Marks to-dos done, with the time, or open again: several at once are one command.
func createMarkTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], done: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let change = TodoItem.Change.completed(request.done ? now : nil)
            let (ids, changed, abbreviation) = try reading(store) { todos in
                let ids = try todos.resolve(request.references)
                return (ids, try ids.compactMap { try todos.item($0)?.alter(change) }, todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(request.done ? "done" : "reopen", naming: request.references), at: now,
                        edits: ids.map { .alter($0, [change]) })), in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}
