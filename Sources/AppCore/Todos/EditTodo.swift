import Essentials
import Fractal

/// Changes to-dos' fields, the same changes to each: their title, notes, due day, priority, tags
/// or contexts; and, with an addition, words joined to each one's own title (`todo append`).
/// Several at once are one command, and undo takes them all back.
func createEditTodo(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], changes: [TodoItem.Change], addition: TitleAddition?)> {
    { request in
        answering(output) {
            let (edits, changed, abbreviation) = try reading(store) { todos in
                let ids = try todos.resolve(request.references)
                let changes = try todos.resolvingDependencies(in: request.changes)
                let edits = try ids.map { id in
                    guard let addition = request.addition, let item = try todos.item(id) else {
                        return (id, changes)
                    }
                    return (id, [.title(addition.added(to: item.title))] + changes)
                }
                return (edits, try edits.compactMap { try todos.item($0)?.alter($1) }, todos.abbreviation)
            }
            let verb = request.addition.map { $0.at == .end ? "append" : "prepend" } ?? "edit"
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(verb, naming: request.references), at: clock.now(),
                        edits: edits.map { .alter($0, $1) })),
                in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}
