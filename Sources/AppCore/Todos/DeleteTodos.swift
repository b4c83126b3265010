import Essentials
import Fractal

/// Deletes to-dos: several at once are one command, and undo brings them all back.
func createDeleteTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<[String]> {
    { references in
        answering(output) {
            let (ids, gone, abbreviation) = try reading(store) { todos in
                let ids = try todos.resolve(references)
                return (ids, try ids.compactMap { try todos.item($0) }, todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel("delete", naming: references), at: clock.now(),
                        edits: ids.map { .delete($0) })), in: store)
            // The ids as they were shown: as long as it took to tell them apart before they went.
            return .deleted(items: gone, abbreviation: abbreviation)
        }
    }
}
