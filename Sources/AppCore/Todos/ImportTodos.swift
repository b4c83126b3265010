import Essentials
import Fractal

/// Brings to-dos in from a file's text as one command: undo takes the whole import back. A to-do
/// of the file whose extra `uuid` is one a to-do in the store has already (Taskwarrior's uuid, as
/// an import keeps it, or the one a Taskwarrior export made from its id) updates that to-do, or leaves it as it is where nothing differs: importing
/// the same file again adds nothing.
func createImportTodos(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(text: String, format: TodoFormat)> {
    { request in
        answering(output) {
            let file = try readTodos(request.text, format: request.format, clock: clock)
            guard file.todos.count <= TodoLimits.importedItems else {
                throw TodoFailure.tooMany(count: file.todos.count, limit: TodoLimits.importedItems)
            }
            let (plan, abbreviation) = try reading(store) { todos in
                let plan = try ImportPlan(file, format: request.format, in: todos, random: random, clock: clock)
                return (plan, try todos.abbreviation(adding: plan.edits.compactMap(\.added)))
            }
            if !plan.edits.isEmpty {
                try keepImport(request.format) { () throws(TodoFailure) in
                    try keep(
                        .perform(
                            TodoBatch(
                                label: "import \(plan.items.count) \(request.format.rawValue)", at: clock.now(),
                                edits: plan.edits)), in: store)
                }
            }
            return .imported(items: plan.items, abbreviation: abbreviation, report: plan.report)
        }
    }
}

/// Keeps an import: a dependency the to-dos refuse (on itself, or closing a cycle) is the file's
/// data at fault, said as such.
private func keepImport(_ format: TodoFormat, _ keep: () throws(TodoFailure) -> Void) throws(TodoFailure) {
    do {
        try keep()
    } catch .badDependency(let reference, let problem) {
        throw .unreadableImport(
            format: format == .taskwarrior ? "Taskwarrior" : format.rawValue, line: nil,
            problem: TodoFailure.badDependency(reference: reference, problem: problem).description)
    }
}

private func readTodos(_ text: String, format: TodoFormat, clock: TimeSource) throws(TodoFailure) -> ImportedFile {
    switch format {
    case .json: ImportedFile(todos: try JSONTodos.read(text))
    case .todotxt: ImportedFile(todos: try TodoTxt.read(text, timeZone: clock.timeZone))
    case .taskwarrior: try TaskwarriorTodos.read(text, timeZone: clock.timeZone)
    }
}

/// What an import does: the to-dos it adds and those it updates, in the file's order, and its report.
private struct ImportPlan {
    var edits: [TodoEdit] = []
    var items: [TodoItem] = []
    var report = ImportReport()

    /// Items for what was read: the file's own id where it gives one that is not taken, else a new
    /// one; the to-do of the same uuid where the store has one. An item that breaks a rule refuses
    /// the whole import, naming where the file gave it.
    init(
        _ file: ImportedFile, format: TodoFormat, in todos: TodoState, random: RandomSource, clock: TimeSource
    ) throws {
        var taken = Set(try todos.items.sortedIDs())
        // A to-do that came with no uuid is exported to Taskwarrior with one made from its id. The
        // to-dos are read only for a file that gives uuids: most imports read the ids alone.
        var known: [String: TodoItem] = [:]
        if file.todos.contains(where: { $0.item.extras["uuid"] != nil }) {
            for item in try todos.items.all() {
                known[item.extras["uuid"] ?? TaskwarriorTodos.uuid(of: item.id)] = item
            }
        }
        var seen: [String: Int] = [:]
        let now = clock.now()
        // Each to-do's id first, the one of its uuid or a new one, so that a task may depend on one
        // the file gives after it: the uuids a file's tasks depend on are made the ids of theirs.
        var ids: [TodoID?] = []
        var idOfUUID: [String: String] = known.mapValues(\.id.value)
        // A file's own id taken here already is given up for a new one: a to-do of the file that
        // depends on it depends on the new one.
        var idOfGivenID: [String: String] = [:]
        for todo in file.todos {
            if let uuid = todo.item.extras["uuid"] {
                if let earlier = seen.updateValue(todo.line, forKey: uuid) {
                    let record = format == .todotxt ? "line" : format == .json ? "to-do" : "task"
                    throw Self.failure(format, todo, "its uuid, \(uuid), is that of \(record) \(earlier) too")
                }
                if let existing = known[uuid] {
                    ids.append(existing.id)
                    continue
                }
            }
            var id = todo.id.map { TodoID($0.lowercased()) }
            if id.map({ taken.contains($0) || $0.value.isEmpty }) ?? true {
                repeat { id = TodoID.draw(from: random) } while id.map(taken.contains) ?? false
            }
            if let id { taken.insert(id) }
            ids.append(id)
            if let uuid = todo.item.extras["uuid"], let id { idOfUUID[uuid] = id.value }
            if let given = todo.id, let id { idOfGivenID[given.lowercased()] = id.value }
        }
        var keptDependencies: [String] = []
        for (todo, id) in zip(file.todos, ids) {
            var todo = todo
            todo.item.depends = todo.item.depends.map { idOfGivenID[$0] ?? $0 }
            if let missing = todo.item.depends.first(where: { !taken.contains(TodoID($0)) }) {
                throw Self.failure(format, todo, "it depends on \(missing), which no to-do here or in the file has")
            }
            if !todo.dependsOnUUIDs.isEmpty {
                let unknown = todo.dependsOnUUIDs.filter { idOfUUID[$0] == nil }
                todo.item.depends = todo.dependsOnUUIDs.compactMap { idOfUUID[$0] }
                if !unknown.isEmpty {
                    todo.keep("depends", unknown.joined(separator: ","))
                    keptDependencies = ["depends"]
                }
            }
            if let uuid = todo.item.extras["uuid"], let existing = known[uuid] {
                var item = todo.item
                (item.id, item.created, item.unknownFields) = (existing.id, existing.created, existing.unknownFields)
                if existing.extras["uuid"] == nil { item.extras["uuid"] = nil }
                if todo.doneWhenMade { item.completed = existing.completed ?? existing.created }
                item = try Self.checked(item, format, todo)
                if item == existing {
                    report.unchanged += 1
                } else {
                    edits.append(.alter(existing.id, existing.changes(to: item)))
                    items.append(item)
                    report.updated += 1
                }
            } else {
                guard let id else { continue }
                var item = todo.item
                (item.id, item.created) = (id, todo.created ?? now)
                if todo.doneWhenMade { item.completed = item.created }
                item = try Self.checked(item, format, todo)
                edits.append(.add(item, as: .imported))
                items.append(item)
                report.added += 1
            }
        }
        report.keptAsExtras = Array(Set(file.todos.flatMap(\.keptAsExtras) + keptDependencies)).sorted()
        report.skipped = file.skipped
    }

    private static func checked(_ item: TodoItem, _ format: TodoFormat, _ todo: ImportedTodo) throws(TodoFailure)
        -> TodoItem
    {
        do {
            return try item.checked()
        } catch {
            throw failure(format, todo, error.description)
        }
    }

    /// A todo.txt line is a line of the file; JSON's are counted as the to-dos in its array.
    private static func failure(_ format: TodoFormat, _ todo: ImportedTodo, _ problem: String) -> TodoFailure {
        switch format {
        case .todotxt: .unreadableImport(format: "todo.txt", line: todo.line, problem: problem)
        case .json: .unreadableImport(format: "json", line: nil, problem: "to-do \(todo.line): \(problem)")
        case .taskwarrior: .unreadableImport(format: "Taskwarrior", line: nil, problem: "task \(todo.line): \(problem)")
        }
    }
}

extension TodoEdit {
    /// The to-do an edit adds, if it adds one.
    fileprivate var added: TodoID? {
        if case .add(let item, _) = self { item.id } else { nil }
    }
}
