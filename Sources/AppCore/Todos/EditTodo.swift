import Essentials
import Fractal

/// Changes one to-do's fields: its title, notes, due day, priority, tags or contexts.
func createEditTodo(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(reference: String, changes: [TodoItem.Change])> {
    { request in
        answering(output) {
            let (id, changed, abbreviation) = try reading(store) { todos in
                let id = try todos.resolve(request.reference)
                return (id, try todos.item(id)?.alter(request.changes), todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(label: "edit \(request.reference)", at: clock.now(), edits: [.alter(id, request.changes)])
                ),
                in: store)
            return .changed(items: [changed].compactMap { $0 }, abbreviation: abbreviation)
        }
    }
}
