import Essentials
import Fractal

/// Marks to-dos done, with the time, or open again: several at once are one command. A to-do
/// being worked on is stopped as it is done.
func createMarkTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], done: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let change = TodoItem.Change.completed(request.done ? now : nil)
            let (edits, changed, abbreviation) = try reading(store) { todos in
                var (edits, changed): ([TodoEdit], [TodoItem]) = ([], [])
                for id in try todos.resolve(request.references) {
                    guard let item = try todos.item(id) else { continue }
                    // Done stops the work on it, as `todo stop` would.
                    let changes = request.done && item.started != nil ? [change] + item.stopped(at: now) : [change]
                    edits.append(.alter(id, changes))
                    changed.append(try item.alter(changes))
                }
                return (edits, changed, todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(request.done ? "done" : "reopen", naming: request.references), at: now,
                        edits: edits)), in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}
