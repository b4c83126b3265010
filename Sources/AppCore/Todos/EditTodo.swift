import Essentials
import Fractal

/// Changes to-dos' fields, the same changes to each: their title, notes, due day, priority, tags
/// or contexts. Several at once are one command, and undo takes them all back.
func createEditTodo(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], changes: [TodoItem.Change])> {
    { request in
        answering(output) {
            let (ids, changes, changed, abbreviation) = try reading(store) { todos in
                let ids = try todos.resolve(request.references)
                let changes = try todos.resolvingDependencies(in: request.changes)
                return (ids, changes, try ids.compactMap { try todos.item($0)?.alter(changes) }, todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel("edit", naming: request.references), at: clock.now(),
                        edits: ids.map { .alter($0, changes) })),
                in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}
