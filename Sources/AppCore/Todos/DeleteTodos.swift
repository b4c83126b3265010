import Essentials
import Fractal

/// Deletes to-dos: several at once are one command, and undo brings them all back.
func createDeleteTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<[String]> {
    { references in
        answering(output) {
            let ids = try store.state().resolve(references)
            let before = store.state()
            let gone = ids.compactMap { before.items[$0] }
            let after = try perform(
                TodoBatch(
                    label: commandLabel("delete", naming: references), at: clock.now(),
                    edits: ids.map { .delete($0) }), on: store)
            // The ids as they were shown: as long as it took to tell them apart before they went.
            return .deleted(items: gone, abbreviation: max(after.abbreviation, before.abbreviation))
        }
    }
}
