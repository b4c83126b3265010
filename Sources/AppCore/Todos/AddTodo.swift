import Essentials
import Fractal

/// Makes a new to-do from a draft: an id from the injected random source, the time from the clock.
func createAddTodo(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoDraft> {
    { draft in
        answering(output) {
            let now = clock.now()
            let item = try draft.item(id: TodoID.draw(from: random), at: now)
            let abbreviation = try reading(store) { try $0.abbreviation(adding: [item.id]) }
            try keep(
                .perform(TodoBatch(label: "add \"\(item.title)\"", at: now, edits: [.add(item, as: .added)])), in: store
            )
            return .added(item: item, abbreviation: abbreviation)
        }
    }
}
