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
                var (edits, changed): ([(TodoID, [TodoItem.Change])], [TodoItem]) = ([], [])
                for id in ids {
                    let item = try todos.item(id)
                    // The words join each to-do's title as the store holds it when it keeps the
                    // change, before the other changes: appends at one moment both join it.
                    var all = changes
                    if let addition = request.addition { all.insert(.addToTitle(addition), at: 0) }
                    edits.append((id, all))
                    if let item { changed.append(try item.alter(all)) }
                }
                return (edits, changed, todos.abbreviation)
            }
            let verb = request.addition?.at.command ?? "edit"
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
