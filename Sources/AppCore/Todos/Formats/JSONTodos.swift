import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Our own format: an array of `TodoRecord`s.
enum JSONTodos {
    static func read(_ text: String) throws(TodoFailure) -> [ImportedTodo] {
        do {
            let records = try ValueCoding.makeDecoder().decode([TodoRecord].self, from: Data(text.utf8))
            return records.enumerated().map { index, record in
                ImportedTodo(
                    line: index + 1, id: record.id.isEmpty ? nil : record.id, title: record.title, notes: record.notes,
                    due: record.due,
                    priority: record.priority, tags: record.tags, contexts: record.contexts, extras: record.extras,
                    created: record.created,
                    completed: record.completedAt ?? (record.completed ? record.created : nil))
            }
        } catch {
            throw .unreadableImport(format: "json", line: nil, problem: "\(error)")
        }
    }

    static func write(_ items: [TodoItem]) throws(TodoFailure) -> String {
        do {
            return String(
                decoding: try ValueCoding.makeEncoder(pretty: true).encode(items.map(TodoRecord.init)), as: UTF8.self)
        } catch {
            throw .notStored(reason: "\(error)")
        }
    }
}
