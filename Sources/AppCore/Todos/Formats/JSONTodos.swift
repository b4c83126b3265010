import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Our own format: an array of `TodoRecord`s, or one alone, as `todo show --json` prints it.
enum JSONTodos {
    static func read(_ text: String) throws(TodoFailure) -> [ImportedTodo] {
        let json = text.trimmingWhitespace().hasPrefix("{") ? "[" + text + "]" : text
        do {
            let records = try ValueCoding.makeDecoder().decode([ReadRecord].self, from: Data(json.utf8))
            return records.enumerated().map { index, record in
                var todo = record.todo
                todo.line = index + 1
                return todo
            }
        } catch {
            throw .unreadableImport(
                format: "json", line: nil, problem: DecodingProblem.describe(error, records: "to-do"))
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

/// A `TodoRecord` as another program may write it: any field but the title may be lacking, the id
/// and the moment it was made too, which the import gives it; a record that says it is done
/// without saying when was done when it was made.
private struct ReadRecord: Decodable {
    var todo = ImportedTodo(line: 0)

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        todo.item = try TodoItem.decoded(from: container, optional: ["id", "created"], renamed: TodoRecord.renamed)
        todo.id = try container.decodeIfPresent(String.self, forKey: NamedKey("id"))
        todo.created = try container.decodeIfPresent(Date.self, forKey: NamedKey("created"))
        let done = try container.decodeIfPresent(Bool.self, forKey: NamedKey("completed"))
        todo.doneWhenMade = todo.item.completed == nil && done == true
    }
}
