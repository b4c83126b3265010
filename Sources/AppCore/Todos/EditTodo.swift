import Essentials
import Fractal

/// Changes one to-do's fields: its title, notes, due day, priority, tags or contexts.
func createEditTodo(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(reference: String, changes: [TodoItem.Change])> {
    { request in
        answering(output) {
            let id = try store.state().resolve(request.reference)
            let after = try perform(
                TodoBatch(label: "edit \(request.reference)", at: clock.now(), edits: [.alter(id, request.changes)]),
                on: store)
            return .changed(items: [after.items[id]].compactMap { $0 }, abbreviation: after.abbreviation)
        }
    }
}
