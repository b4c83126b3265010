import Essentials
import Fractal
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// How a store keeps a change to the to-dos, field by field: each kind of change by its name, then
// what it carries, dates as milliseconds, items as in `StoredItem`. Every program start reads each
// change kept since the last snapshot, so none goes through `Codable`.

extension TodoState.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        self = try fields.nested { try Self(stored: &$0) }
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        try fields.nested { try write(stored: &$0) }
    }

    init(stored fields: inout BinaryFieldReader) throws {
        switch try fields.string() {
        case "perform": self = .perform(try fields.nested { try TodoBatch(stored: &$0) })
        case "undo": self = .undo(at: Date(milliseconds: try fields.int64()))
        case "redo": self = .redo(at: Date(milliseconds: try fields.int64()))
        case let other: throw StoredFieldError(field: "to-do change", text: other)
        }
    }

    func write(stored fields: inout BinaryFieldWriter) throws {
        switch self {
        case .perform(let command):
            fields.string("perform")
            try fields.nested { try command.write(stored: &$0) }
        case .undo(let moment):
            fields.string("undo")
            fields.int64(moment.milliseconds)
        case .redo(let moment):
            fields.string("redo")
            fields.int64(moment.milliseconds)
        }
    }
}

extension TodoBatch {
    init(stored fields: inout BinaryFieldReader) throws {
        self.init(
            label: try fields.string(), at: Date(milliseconds: try fields.int64()),
            edits: try fields.list { try TodoEdit(stored: &$0) })
    }

    func write(stored fields: inout BinaryFieldWriter) throws {
        fields.string(label)
        fields.int64(at.milliseconds)
        try fields.list(edits) { try $1.write(stored: &$0) }
    }
}

extension TodoEdit {
    init(stored fields: inout BinaryFieldReader) throws {
        switch try fields.string() {
        case "add":
            let item = try fields.nested { try StoredItem(fields: &$0) }.item
            self = .add(item, as: try JournalEntry.Action.stored(try fields.string()))
        case "alter":
            self = .alter(TodoID(try fields.string()), try fields.list { try TodoItem.Change(stored: &$0) })
        case "delete": self = .delete(TodoID(try fields.string()))
        case let other: throw StoredFieldError(field: "to-do edit", text: other)
        }
    }

    func write(stored fields: inout BinaryFieldWriter) throws {
        switch self {
        case .add(let item, let action):
            fields.string("add")
            fields.nested { StoredItem(item).write(fields: &$0) }
            fields.string(action.rawValue)
        case .alter(let id, let changes):
            fields.string("alter")
            fields.string(id.value)
            fields.list(changes) { $1.write(stored: &$0) }
        case .delete(let id):
            fields.string("delete")
            fields.string(id.value)
        }
    }
}

extension TodoItem.Change {
    init(stored fields: inout BinaryFieldReader) throws {
        switch try fields.string() {
        case "title": self = .title(try fields.string())
        case "notes": self = .notes(try fields.string())
        case "due": self = .due(try fields.optional { try Day.stored(try $0.string()) })
        case "priority": self = .priority(try fields.optional { try Priority.stored(try $0.string()) })
        case "tags": self = .tags(try fields.strings())
        case "addTag": self = .addTag(try fields.string())
        case "removeTag": self = .removeTag(try fields.string())
        case "contexts": self = .contexts(try fields.strings())
        case "completed": self = .completed(try fields.optional { Date(milliseconds: try $0.int64()) })
        case let other: throw StoredFieldError(field: "to-do change", text: other)
        }
    }

    func write(stored fields: inout BinaryFieldWriter) {
        fields.string(storedName)
        switch self {
        case .title(let text), .notes(let text), .addTag(let text), .removeTag(let text): fields.string(text)
        case .due(let due): fields.optional(due) { $0.string($1.description) }
        case .priority(let priority): fields.optional(priority) { $0.string($1.rawValue) }
        case .tags(let labels), .contexts(let labels): fields.strings(labels)
        case .completed(let moment): fields.optional(moment) { $0.int64($1.milliseconds) }
        }
    }

    private var storedName: String {
        switch self {
        case .title: "title"
        case .notes: "notes"
        case .due: "due"
        case .priority: "priority"
        case .tags: "tags"
        case .addTag: "addTag"
        case .removeTag: "removeTag"
        case .contexts: "contexts"
        case .completed: "completed"
        }
    }
}
