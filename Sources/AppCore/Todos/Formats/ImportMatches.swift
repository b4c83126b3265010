#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which to-do of the store each to-do of a file is, so that importing a file again, whoever wrote
/// it, finds the to-dos the first import made rather than adding them twice:
///
/// - a Taskwarrior task by its uuid (or the uuid an export of ours made from an id), and an
///   instance of a recurring task that no to-do has the uuid of by its template's, once;
/// - a to-do of our JSON, or a todo.txt line with `id:`, by our id;
/// - a todo.txt line with neither, as todo.txt-cli writes them, by its title and the day it was
///   made, where the line gives that day; a done line that gives no day at all (`x call mum`), by
///   its title among the done to-dos an import made without a day.
///
/// Each to-do of the store is matched once at most: a file's second line like the first is the
/// store's second to-do like it, or a new one.
///
/// The store's to-dos are read whole only where a file's to-do could be matched by more than its
/// id: a file of ids alone, with duplicates asked for, reads only the pages of those ids, so that
/// such an import goes on beside a page that cannot be read.
struct ImportMatches {
    private let itemOfID: (TodoID) throws -> TodoItem?
    private let timeZone: Zone
    private var byUUID: [String: TodoItem] = [:]
    private var byTitleAndDay: [TitleAndDay: [TodoItem]] = [:]
    private var openByTitleAndDue: [TitleAndDue: TodoItem] = [:]
    /// The done to-dos made from todo.txt lines that said no day they were made, by title.
    private var undatedDoneByTitle: [String: [TodoItem]] = [:]
    private var claimed: Set<TodoID> = []
    /// The to-do that an instance of a recurring task of the file is where no to-do has its own
    /// uuid: the one of its template's uuid, which our export wrote as a template (or an import
    /// before recurring tasks kept their instances made of it), for the instance due on its day.
    private var byTemplateUUID: [String: TodoItem] = [:]

    private struct TitleAndDay: Hashable {
        var title: String
        var day: Day
    }

    private struct TitleAndDue: Hashable {
        var title: String
        var due: Day?
    }

    /// Matches in `todos` for `file`'s to-dos, read in `format`, their days those of `timeZone`.
    init(
        for file: ImportedFile, format: TodoFormat, duplicates: ImportDuplicates, in todos: TodoState,
        timeZone: Zone
    ) throws {
        itemOfID = { id in try todos.item(id) }
        self.timeZone = timeZone
        let readsAll =
            duplicates == .leftOut
            || file.todos.contains { todo in
                todo.item.extras["uuid"] != nil
                    || (format == .todotxt && todo.id == nil && (todo.created != nil || todo.doneWhenMade))
            }
        guard readsAll else { return }
        for item in try todos.items.all() {
            byUUID[TaskwarriorTodos.uuid(of: item)] = item
            byTitleAndDay[TitleAndDay(title: item.title, day: Day(item.created, in: timeZone)), default: []].append(
                item)
            if !item.isCompleted { openByTitleAndDue[TitleAndDue(title: item.title, due: item.due)] = item }
            if item.isCompleted, item.extras[TodoTxt.undatedKey] == "none" {
                undatedDoneByTitle[item.title, default: []].append(item)
            }
        }
        var instances: [String: [ImportedTodo]] = [:]
        for todo in file.todos {
            guard let parent = TaskwarriorRecurrence.parent(of: todo.item), let uuid = todo.item.extras["uuid"],
                byUUID[uuid] == nil
            else { continue }
            instances[parent, default: []].append(todo)
        }
        for (parent, chain) in instances {
            guard let made = byUUID[parent], TaskwarriorRecurrence.parent(of: made) == nil, made.recur != nil else {
                continue
            }
            let first = chain.min {
                (TaskwarriorRecurrence.index(of: $0.item) ?? .max) < (TaskwarriorRecurrence.index(of: $1.item) ?? .max)
            }
            if let instance = chain.first(where: { $0.item.due == made.due }) ?? first,
                let uuid = instance.item.extras["uuid"]
            {
                byTemplateUUID[uuid] = made
            }
        }
    }

    /// The to-do of the store that `todo` is, taken so that no other to-do of the file is it too.
    mutating func claim(_ todo: ImportedTodo, format: TodoFormat) throws -> TodoItem? {
        let found: TodoItem?
        if let uuid = todo.item.extras["uuid"] {
            // A task of a uuid the store does not know is new, whatever id it gives.
            found = byUUID[uuid] ?? byTemplateUUID[uuid]
        } else if let id = todo.id, !id.isEmpty {
            found = try itemOfID(TodoID(id.lowercased()))
        } else if format == .todotxt, let moment = todo.created {
            found = byTitleAndDay[TitleAndDay(title: todo.item.title, day: Day(moment, in: timeZone))]?
                .first { !claimed.contains($0.id) }
        } else if format == .todotxt, todo.doneWhenMade {
            found = undatedDoneByTitle[todo.item.title]?.first { !claimed.contains($0.id) }
        } else {
            found = nil
        }
        guard let found, claimed.insert(found.id).inserted else { return nil }
        return found
    }

    /// The id of the store's to-do of this uuid, which a task of the file may depend on.
    func id(ofUUID uuid: String) -> String? {
        byUUID[uuid]?.id.value
    }

    /// An open to-do of the store with the same title and due day as `item`, which an import would
    /// add beside it.
    func openTwin(of item: TodoItem) -> TodoItem? {
        openByTitleAndDue[TitleAndDue(title: item.title, due: item.due)]
    }
}
