import Essentials
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a to-do's fields are declared to (`TodoItem.fields`): each use of the one list, storing a
/// to-do, coding it as JSON, checking it, is a registry that does its part for each field.
protocol TodoFieldRegistry {
    /// The field at `position` of the stored record, named `name` in JSON and in a change, kept in
    /// `property`, which no change sets if it is `fixed`; a value is `checked` before a to-do holds
    /// it, unless it comes back from a store.
    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value)
}

extension TodoFieldRegistry {
    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool = false,
        checked: (Value) throws(TodoFailure) -> Value = { value throws(TodoFailure) in value }
    ) {
        field(position, name, property, fixed: fixed, checked: checked)
    }
}

/// What a to-do's field may hold: a value coded as JSON, kept by a store field by field
/// (`Storage/StoredFieldValues.swift`), and taken by a record that lacks the field.
public protocol TodoFieldValue: Codable, Equatable, Sendable {
    init(stored fields: inout BinaryFieldReader) throws
    func write(stored fields: inout BinaryFieldWriter)
    /// The same stored form through `Codable`, as the first format of the stores kept it (JSON).
    init(stored fields: inout any UnkeyedDecodingContainer) throws
    func write(stored fields: inout any UnkeyedEncodingContainer) throws
    /// What a stored record, or a JSON object, that lacks the field holds: what the field holds
    /// before it is set. Nil for a field every to-do has.
    static var missing: Self? { get }
    /// Whether the value is none at all, left out of the JSON of a to-do.
    var isNone: Bool { get }
}

extension TodoFieldValue {
    public var isNone: Bool { false }

    public init(stored fields: inout any UnkeyedDecodingContainer) throws { self = try fields.decode(Self.self) }
    public func write(stored fields: inout any UnkeyedEncodingContainer) throws { try fields.encode(self) }
}

extension TodoItem {
    /// The to-do with each field checked, as a to-do from outside is (a file, a command).
    func checked() throws(TodoFailure) -> TodoItem {
        var checking = FieldChecking(item: self)
        TodoItem.fields(&checking)
        if let failure = checking.failure { throw failure }
        try checking.item.checkTogether()
        return checking.item
    }

    /// Refuses fields that do not go together: a recurrence without a due day to count from.
    func checkTogether() throws(TodoFailure) {
        if recur != nil && due == nil { throw .recurrenceNeedsDue }
    }
}

private struct FieldChecking: TodoFieldRegistry {
    var item: TodoItem
    var failure: TodoFailure?

    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        guard failure == nil else { return }
        do throws(TodoFailure) {
            item[keyPath: property] = try checked(item[keyPath: property])
        } catch {
            failure = error
        }
    }
}

// MARK: JSON: each field under its name

extension TodoItem: Codable {
    /// Each field under its name; a field that is none is left out. A field the JSON lacks takes
    /// what it holds before it is set, and one every to-do has is an error.
    public init(from decoder: any Decoder) throws {
        self = try TodoItem.decoded(from: decoder.container(keyedBy: NamedKey.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try encodeFields(to: &container)
    }

    /// The fields but `leavingOut`, each under its name, or the name `renamed` gives it; a field
    /// that is none is left out, or written as null when `writingNone`.
    func encodeFields(
        to container: inout KeyedEncodingContainer<NamedKey>, leavingOut: Set<String> = [],
        renamed: [String: String] = [:], writingNone: Bool = false
    ) throws {
        var encoding = FieldEncoding(
            item: self, container: container, leavingOut: leavingOut, renamed: renamed, writingNone: writingNone)
        TodoItem.fields(&encoding)
        if let failure = encoding.failure { throw failure }
        container = encoding.container
    }

    /// A to-do from the fields under their names in `container`, `optional` among them lacking or not.
    static func decoded(
        from container: KeyedDecodingContainer<NamedKey>, optional: Set<String> = [],
        renamed: [String: String] = [:]
    ) throws -> TodoItem {
        var decoding = FieldDecoding(container: container, optional: optional, renamed: renamed)
        TodoItem.fields(&decoding)
        if let failure = decoding.failure { throw failure }
        return decoding.item.readingKeptPriorityLetter()
    }
}

private struct FieldEncoding: TodoFieldRegistry {
    let item: TodoItem
    var container: KeyedEncodingContainer<NamedKey>
    let leavingOut: Set<String>
    let renamed: [String: String]
    let writingNone: Bool
    var failure: (any Error)?

    @inline(__always)
    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        let value = item[keyPath: property]
        guard failure == nil, leavingOut.isEmpty || !leavingOut.contains(name), writingNone || !value.isNone
        else { return }
        do {
            let key = NamedKey(renamed.isEmpty ? name : renamed[name] ?? name)
            // Text and none go to the container's own methods, which a JSON encoder writes without
            // asking what the value is, as it does for any other value: `todo list --json` writes
            // every field of every to-do (the cast is settled when this is inlined for a field).
            if value.isNone {
                try container.encodeNil(forKey: key)
            } else if let text = value as? String {
                try container.encode(text, forKey: key)
            } else {
                try container.encode(value, forKey: key)
            }
        } catch {
            failure = error
        }
    }
}

private struct FieldDecoding: TodoFieldRegistry {
    let container: KeyedDecodingContainer<NamedKey>
    /// The fields that may be lacking though every to-do has them, left as they start.
    let optional: Set<String>
    let renamed: [String: String]
    var item = TodoItem(unchecked: TodoID(""), created: Date(milliseconds: 0))
    var failure: (any Error)?

    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        guard failure == nil else { return }
        do {
            let key = NamedKey(renamed[name] ?? name)
            if let value = try container.decodeIfPresent(Value.self, forKey: key) {
                item[keyPath: property] = value
            } else if let missing = Value.missing {
                item[keyPath: property] = missing
            } else if !optional.contains(name) {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: container.codingPath, debugDescription: "a to-do has a \(key.stringValue)"))
            }
        } catch {
            failure = error
        }
    }
}
