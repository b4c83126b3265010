import Essentials
import Fractal

/// Makes a copy of a to-do with a new id, then the given changes: the original stays as it was.
/// The copy leaves out what names the original in Taskwarrior, its uuid and its place among a
/// recurring task's instances, so that both go there as tasks of their own.
func createForkTodo(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(reference: String, changes: [TodoItem.Change])> {
    { request in
        answering(output) {
            let now = clock.now()
            let (original, copy, abbreviation) = try reading(store) { todos in
                let original = try todos.resolve(request.reference)
                guard let item = try todos.item(original) else {
                    throw TodoFailure.notFound(reference: request.reference)
                }
                var copy = try item.fork(
                    id: TodoID.draw(from: random), at: now, try todos.resolvingDependencies(in: request.changes))
                // A task of its own: not the one the uuid names in Taskwarrior, nor one of a
                // recurring task's instances there.
                for key in TaskwarriorRecurrence.keys.union(["uuid"]) { copy.extras[key] = nil }
                return (original, copy, try todos.abbreviation(adding: [copy.id]))
            }
            try keep(
                .perform(TodoBatch(label: "fork \(request.reference)", at: now, edits: [.add(copy, as: .forked)])),
                in: store)
            return .forked(item: copy, from: original, abbreviation: abbreviation)
        }
    }
}
