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
                var todo = ImportedTodo(line: index + 1)
                todo.item = record.item
                todo.id = record.item.id.value.isEmpty ? nil : record.item.id.value
                todo.created = record.item.created == Date(milliseconds: 0) ? nil : record.item.created
                return todo
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
