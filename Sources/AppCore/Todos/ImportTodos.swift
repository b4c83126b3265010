import Essentials
import Fractal

/// Brings to-dos in from a file's text as one command: undo takes the whole import back.
func createImportTodos(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(text: String, format: TodoFormat)> {
    { request in
        answering(output) {
            let imported = try readTodos(request.text, format: request.format, clock: clock)
            guard imported.count <= TodoLimits.importedItems else {
                throw TodoFailure.tooMany(count: imported.count, limit: TodoLimits.importedItems)
            }
            let (items, abbreviation) = try reading(store) { todos in
                let items = try makeItems(
                    imported, format: request.format, taken: Set(todos.items.sortedIDs()), random: random, clock: clock)
                return (items, try todos.abbreviation(adding: items.map(\.id)))
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: "import \(items.count) \(request.format.rawValue)", at: clock.now(),
                        edits: items.map { .add($0, as: .imported) })), in: store)
            return .imported(items: items, abbreviation: abbreviation)
        }
    }
}

private func readTodos(_ text: String, format: TodoFormat, clock: TimeSource) throws(TodoFailure) -> [ImportedTodo] {
    switch format {
    case .json: try JSONTodos.read(text)
    case .todotxt: try TodoTxt.read(text, timeZone: clock.timeZone)
    case .taskwarrior: try TaskwarriorTodos.read(text, timeZone: clock.timeZone)
    }
}

/// Items for what was read: the file's own id where it gives one that is not `taken`, else a new one.
/// An item that breaks a rule refuses the whole import, naming where the file gave it.
private func makeItems(
    _ read: [ImportedTodo], format: TodoFormat, taken: Set<TodoID>, random: RandomSource, clock: TimeSource
) throws(TodoFailure) -> [TodoItem] {
    var taken = taken
    var items: [TodoItem] = []
    let now = clock.now()
    for todo in read {
        var id = todo.id.map { TodoID($0.lowercased()) }
        if id.map({ taken.contains($0) || $0.value.isEmpty }) ?? true {
            repeat { id = TodoID.draw(from: random) } while id.map(taken.contains) ?? false
        }
        guard let id else { continue }
        taken.insert(id)
        var item = todo.item
        (item.id, item.created) = (id, todo.created ?? now)
        if todo.doneWhenMade { item.completed = item.created }
        do {
            items.append(try item.checked())
        } catch {
            // A todo.txt line is a line of the file; JSON's are counted as the to-dos in its array.
            guard format != .todotxt else {
                throw TodoFailure.unreadableImport(format: "todo.txt", line: todo.line, problem: error.description)
            }
            throw TodoFailure.unreadableImport(
                format: format == .json ? "json" : "Taskwarrior", line: nil,
                problem: "to-do \(todo.line): \(error.description)")
        }
    }
    return items
}
