import Essentials
import Fractal

/// Marks to-dos done, with the time, or open again: several at once are one command. A to-do
/// being worked on is stopped as it is done. A to-do already as asked is left as it is (done
/// again, it keeps the moment it was done); a command that finds every one so changes nothing.
func createMarkTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], done: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let change = TodoItem.Change.completed(request.done ? now : nil)
            let (edits, changed, already, abbreviation) = try reading(store) { todos in
                var (edits, changed, already): ([TodoEdit], [TodoItem], [TodoItem]) = ([], [], [])
                for id in try todos.resolve(request.references) {
                    guard let item = try todos.item(id) else { continue }
                    guard (item.completed != nil) != request.done else {
                        already.append(item)
                        continue
                    }
                    // Done stops the work on it, as `todo stop` would.
                    let changes = request.done && item.started != nil ? [change] + item.stopped(at: now) : [change]
                    edits.append(.alter(id, changes))
                    changed.append(try item.alter(changes))
                }
                return (edits, changed, already, todos.abbreviation)
            }
            if edits.isEmpty { return .unchanged(items: already, abbreviation: abbreviation) }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(request.done ? "done" : "reopen", naming: request.references), at: now,
                        edits: edits)), in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}
