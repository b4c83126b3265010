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
    /// A change as a store keeps it: the field's name, then its value as the store keeps the field
    /// (`addTag`, `removeTag`, `addContext`, `removeContext`, `addDependency` and `removeDependency`,
    /// then the label or the id; `addAnnotation` and `removeAnnotation`, then its moment and text;
    /// `addToTitle`, then the end and the words). A name this program does not know is a change to
    /// a field a later version added: refused, as a store of a newer version is.
    init(stored fields: inout BinaryFieldReader) throws {
        let name = try fields.string()
        switch name {
        case "addTag": self = .addTag(try fields.string())
        case "removeTag": self = .removeTag(try fields.string())
        case "addContext": self = .addContext(try fields.string())
        case "removeContext": self = .removeContext(try fields.string())
        case "addDependency": self = .addDependency(try fields.string())
        case "removeDependency": self = .removeDependency(try fields.string())
        case "addAnnotation": self = .addAnnotation(try fields.nested(Annotation.init(stored:)))
        case "removeAnnotation": self = .removeAnnotation(try fields.nested(Annotation.init(stored:)))
        case "addToTitle": self = .addToTitle(try fields.nested(TitleAddition.init(stored:)))
        default:
            guard let setting = try FieldSetting(name: name, reading: { try $0.init(stored: &fields) }) else {
                throw StoredFieldError(
                    field: "field of a to-do this program knows: a newer version wrote it", text: name)
            }
            self = .set(setting)
        }
    }

    func write(stored fields: inout BinaryFieldWriter) {
        switch self {
        case .set(let setting):
            fields.string(setting.name)
            setting.value.write(stored: &fields)
        case .addTag(let tag):
            fields.string("addTag")
            fields.string(tag)
        case .removeTag(let tag):
            fields.string("removeTag")
            fields.string(tag)
        case .addContext(let context):
            fields.string("addContext")
            fields.string(context)
        case .removeContext(let context):
            fields.string("removeContext")
            fields.string(context)
        case .addDependency(let id):
            fields.string("addDependency")
            fields.string(id)
        case .removeDependency(let id):
            fields.string("removeDependency")
            fields.string(id)
        case .addAnnotation(let annotation):
            fields.string("addAnnotation")
            fields.nested(annotation.write(stored:))
        case .removeAnnotation(let annotation):
            fields.string("removeAnnotation")
            fields.nested(annotation.write(stored:))
        case .addToTitle(let addition):
            fields.string("addToTitle")
            fields.nested(addition.write(stored:))
        }
    }
}

extension TitleAddition {
    /// Words to add to a title as a store keeps them in a change: the end they go at, `start` or
    /// `end`, then the words.
    init(stored fields: inout BinaryFieldReader) throws {
        let end = try TitleAddition.End.stored(try fields.string())
        self.init(try fields.string(), at: end)
    }

    func write(stored fields: inout BinaryFieldWriter) {
        fields.string(at.rawValue)
        fields.string(words)
    }
}

extension Annotation {
    /// An annotation as a store keeps it in a change: its moment in milliseconds, then its text.
    init(stored fields: inout BinaryFieldReader) throws {
        self.init(entry: Date(milliseconds: try fields.int64()), description: try fields.string())
    }

    func write(stored fields: inout BinaryFieldWriter) {
        fields.int64(entry.milliseconds)
        fields.string(description)
    }
}
