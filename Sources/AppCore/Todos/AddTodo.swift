import Essentials
import Fractal

/// Makes a new to-do from a draft: an id from the injected random source, the time from the clock.
func createAddTodo(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoDraft> {
    { draft in
        answering(output) {
            let now = clock.now()
            let id = TodoID.draw(from: random)
            // The to-dos it waits on, named by the start of their ids, are named whole.
            let (item, abbreviation) = try reading(store) { todos in
                let item = try TodoDraft(title: draft.title, try todos.resolvingDependencies(in: draft.changes))
                    .item(id: id, at: now)
                return (item, try todos.abbreviation(adding: [id]))
            }
            try keep(
                .perform(TodoBatch(label: "add \"\(item.title)\"", at: now, edits: [.add(item, as: .added)])), in: store
            )
            return .added(item: item, abbreviation: abbreviation)
        }
    }
}
