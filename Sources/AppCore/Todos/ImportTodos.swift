import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Brings to-dos in from a file's text as one command: undo takes the whole import back. A to-do
/// of the file that is one of the store's (`ImportMatches`) updates it, or leaves it as it is where
/// nothing differs, and one like an open to-do is left out unless asked for: importing the same
/// file again, in any format, adds nothing.
func createImportTodos(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(text: String, format: TodoFormat, duplicates: ImportDuplicates)> {
    { request in
        answering(output) {
            let file = try readTodos(request.text, format: request.format, clock: clock)
            guard file.todos.count <= TodoLimits.importedItems else {
                throw TodoFailure.tooMany(count: file.todos.count, limit: TodoLimits.importedItems)
            }
            let (plan, abbreviation) = try reading(store) { todos in
                let plan = try ImportPlan(
                    file, format: request.format, duplicates: request.duplicates, in: todos, random: random,
                    clock: clock)
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

    /// Items for what was read: the to-do of the store each is (`ImportMatches`), updated where the
    /// file differs; else a new one, of the file's own id where it gives one that is not taken,
    /// else of a new id. A new one whose title and due day are an open to-do's is left out, and
    /// counted, unless `duplicates` says to add it. An item that breaks a rule refuses the whole
    /// import, naming where the file gave it.
    init(
        _ file: ImportedFile, format: TodoFormat, duplicates: ImportDuplicates, in todos: TodoState,
        random: RandomSource, clock: TimeSource
    ) throws {
        var taken = Set(try todos.items.sortedIDs())
        var matches = try ImportMatches(
            for: file, format: format, duplicates: duplicates, in: todos, timeZone: clock.timeZone)
        var seen: [String: Int] = [:]
        let now = clock.now()
        // Each to-do's place first, the one it is or a new id, so that a task may depend on one
        // the file gives after it: the uuids a file's tasks depend on are made the ids of theirs.
        var places: [Place] = []
        var idOfUUID: [String: String] = [:]
        // A file's own id taken here already by another to-do is given up for a new one: a to-do
        // of the file that depends on it depends on the new one.
        var idOfGivenID: [String: String] = [:]
        for todo in file.todos {
            if let uuid = todo.item.extras["uuid"],
                let earlier = seen.updateValue(todo.line, forKey: uuid)
            {
                let record = format == .todotxt ? "line" : format == .json ? "to-do" : "task"
                throw Self.failure(format, todo, "its uuid, \(uuid), is that of \(record) \(earlier) too")
            }
            let place: Place
            if let existing = try matches.claim(todo, format: format) {
                place = .existing(existing)
            } else if duplicates == .leftOut, let twin = matches.openTwin(of: todo.item) {
                place = .leftOut(twin: twin.id)
            } else {
                var id = TodoID(todo.id?.lowercased() ?? "")
                while id.value.isEmpty || taken.contains(id) { id = TodoID.draw(from: random) }
                place = .new(id)
            }
            places.append(place)
            // One left out stands for its twin here: a to-do of the file that depends on it
            // depends on the twin.
            guard let id = place.id ?? place.twin else { continue }
            taken.insert(id)
            if let uuid = todo.item.extras["uuid"] { idOfUUID[uuid] = id.value }
            if let given = todo.id { idOfGivenID[given.lowercased()] = id.value }
        }
        var keptDependencies: [String] = []
        for (todo, place) in zip(file.todos, places) {
            var todo = todo
            todo.item.depends = todo.item.depends.map { idOfGivenID[$0] ?? $0 }
            if let missing = todo.item.depends.first(where: { !taken.contains(TodoID($0)) }) {
                throw Self.failure(format, todo, "it depends on \(missing), which no to-do here or in the file has")
            }
            if !todo.dependsOnUUIDs.isEmpty {
                let unknown = todo.dependsOnUUIDs.filter { idOfUUID[$0] ?? matches.id(ofUUID: $0) == nil }
                todo.item.depends = todo.dependsOnUUIDs.compactMap { idOfUUID[$0] ?? matches.id(ofUUID: $0) }
                if !unknown.isEmpty {
                    todo.keep("depends", unknown.joined(separator: ","))
                    keptDependencies = ["depends"]
                }
            }
            switch place {
            case .existing(let existing):
                var item = Self.keepingWhat(format, leavesOut: existing, in: todo.item, timeZone: clock.timeZone)
                (item.id, item.created, item.unknownFields) = (existing.id, existing.created, existing.unknownFields)
                // The uuid an export made from the id is not kept; the uuid of another task is.
                if existing.extras["uuid"] == nil, item.extras["uuid"] == TaskwarriorTodos.uuid(of: existing.id) {
                    item.extras["uuid"] = nil
                }
                if existing.extras[TodoTxt.undatedKey] == nil { item.extras[TodoTxt.undatedKey] = nil }
                if todo.doneWhenMade { item.completed = existing.completed ?? existing.created }
                item = try Self.checked(item, format, todo)
                if item == existing {
                    report.unchanged += 1
                } else {
                    edits.append(.alter(existing.id, existing.changes(to: item)))
                    items.append(item)
                    report.updated += 1
                }
            case .new(let id):
                var item = todo.item
                (item.id, item.created) = (id, todo.created ?? now)
                if todo.doneWhenMade { item.completed = item.created }
                item = try Self.checked(item, format, todo)
                edits.append(.add(item, as: .imported))
                items.append(item)
                report.added += 1
            case .leftOut:
                report.skipped[ImportReport.openAlready, default: 0] += 1
            }
        }
        report.keptAsExtras = Array(Set(file.todos.flatMap(\.keptAsExtras) + keptDependencies)).sorted()
        report.skipped.merge(file.skipped, uniquingKeysWith: +)
    }

    /// What becomes of a to-do of the file: the store's to-do it is, a new one, or none, for an
    /// open one like it is there already.
    private enum Place {
        case existing(TodoItem)
        case new(TodoID)
        case leftOut(twin: TodoID)

        var id: TodoID? {
            switch self {
            case .existing(let item): item.id
            case .new(let id): id
            case .leftOut: nil
            }
        }

        /// The open to-do here that one left out is like.
        var twin: TodoID? {
            if case .leftOut(let twin) = self { twin } else { nil }
        }
    }

    /// The file's to-do with what its format cannot say taken from the store's to-do it is: the
    /// fields it does not carry, and the moments it carries less finely (todo.txt's days,
    /// Taskwarrior's whole seconds, JSON's milliseconds) where they are the store's, rounded. So importing our own
    /// todo.txt or Taskwarrior export changes nothing.
    private static func keepingWhat(
        _ format: TodoFormat, leavesOut existing: TodoItem, in item: TodoItem, timeZone: Zone
    ) -> TodoItem {
        var item = item
        switch format {
        case .json, .taskwarrior:
            if format == .taskwarrior { item.secondsSpent = existing.secondsSpent }
            // JSON writes moments to the millisecond, Taskwarrior that millisecond's second.
            let unit: Double = format == .json ? 1 : 1000
            let written = { (moment: Date?) in moment.map { (Double($0.milliseconds) / unit).rounded(.down) } }
            if written(item.completed) == written(existing.completed) { item.completed = existing.completed }
            if written(item.wait) == written(existing.wait) { item.wait = existing.wait }
            if written(item.scheduled) == written(existing.scheduled) { item.scheduled = existing.scheduled }
            if written(item.until) == written(existing.until) { item.until = existing.until }
            if written(item.started) == written(existing.started) { item.started = existing.started }
            // An annotation made in the second its to-do was comes back from Taskwarrior as the
            // notes, which is how the export writes them: the same lines, said as they were here.
            if format == .taskwarrior, existing.notes.isEmpty, !item.notes.isEmpty,
                existing.annotations.all.map(\.description) == [item.notes] + item.annotations.all.map(\.description)
            {
                (item.notes, item.annotations) = (existing.notes, existing.annotations)
            }
            let said = { (annotations: Annotations) in annotations.all.map { ($0.description, written($0.entry)) } }
            if said(item.annotations).elementsEqual(said(existing.annotations), by: ==) {
                item.annotations = existing.annotations
            }
        case .todotxt:
            (item.notes, item.project, item.wait) = (existing.notes, existing.project, existing.wait)
            (item.scheduled, item.until, item.started) = (existing.scheduled, existing.until, existing.started)
            (item.secondsSpent, item.annotations) = (existing.secondsSpent, existing.annotations)
            if item.depends.isEmpty { item.depends = existing.depends }
            if item.due == existing.due { item.dueTime = existing.dueTime }
            let day = { (moment: Date?) in moment.map { Day($0, in: timeZone) } }
            if day(item.completed) == day(existing.completed) { item.completed = existing.completed }
        }
        return item
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
