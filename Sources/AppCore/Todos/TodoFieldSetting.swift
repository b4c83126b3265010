import Essentials
import Stores

/// One of a to-do's fields set to a value, the field named as `TodoItem.fields` names it: what
/// `TodoItem.Change.set` carries. Coded as `{"title": "buy milk"}`, and kept by a store as the
/// field's name, then the value as the store keeps the field.
public struct FieldSetting: Equatable, Sendable, CustomStringConvertible {
    /// The field's name.
    public let name: String
    let value: any TodoFieldValue

    /// The field `name` set to `value`: for the changes a command makes most, which name their
    /// field as `TodoItem.fields` does (a specification holds each to it).
    init<Value: TodoFieldValue>(name: String, _ value: Value) {
        assert(
            TodoItem.settableFields[name].map(ObjectIdentifier.init) == ObjectIdentifier(Value.self),
            "\(name) is no field of \(Value.self) that a change sets")
        (self.name, self.value) = (name, value)
    }

    /// The field named `name` set to the value `read` reads for it: nil for a name that is no
    /// field's, or a field no change sets.
    init?(
        name: String,
        reading read: (any TodoFieldValue.Type) throws -> any TodoFieldValue
    ) rethrows {
        guard let type = TodoItem.settableFields[name] else { return nil }
        (self.name, value) = (name, try read(type))
    }

    public var description: String { "\(name) \(value)" }

    /// Whether it sets the field to what it holds before it is set.
    var isUnset: Bool { value.isMissing }

    public static func == (lhs: FieldSetting, rhs: FieldSetting) -> Bool {
        lhs.name == rhs.name && lhs.value.isEqual(to: rhs.value)
    }

    /// Sets the field in `item`, its value checked. The item is reached where it is, not copied.
    func apply(to item: inout TodoItem) throws(TodoFailure) {
        let failure = withUnsafeMutablePointer(to: &item) { item in
            var setting = FieldSettingApplying(setting: self, item: item)
            TodoItem.fields(&setting)
            return setting.failure
        }
        if let failure { throw failure }
    }
}

extension TodoFieldValue {
    /// Whether it is what a to-do holds in its field before the field is set.
    var isMissing: Bool { Self.missing == self }

    /// Whether `other` is this value, of this type.
    func isEqual(to other: any TodoFieldValue) -> Bool {
        (other as? Self) == self
    }
}

extension TodoItem {
    /// The type of each field a change may set, by its name.
    static let settableFields: [String: any TodoFieldValue.Type] = {
        var listing = SettableFields()
        TodoItem.fields(&listing)
        return listing.types
    }()
}

private struct SettableFields: TodoFieldRegistry {
    var types: [String: any TodoFieldValue.Type] = [:]

    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        if !fixed { types[name] = Value.self }
    }
}

private struct FieldSettingApplying: TodoFieldRegistry {
    let setting: FieldSetting
    let item: UnsafeMutablePointer<TodoItem>
    var failure: TodoFailure?

    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        guard name == setting.name, !fixed, let value = setting.value as? Value else { return }
        do throws(TodoFailure) {
            item.pointee[keyPath: property] = try checked(value)
        } catch {
            failure = error
        }
    }
}

// A change as JSON: `{"title": "buy milk"}`, `{"addTag": "shop"}`; as recordings made before it
// read so, `{"title": {"_0": "buy milk"}}` reads too.
extension TodoItem.Change: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a change names exactly one field"))
        }
        try self.init(named: key, in: container)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try encode(into: &container)
    }

    /// The change `key` names in `container`, its value under it.
    init(named key: NamedKey, in container: KeyedDecodingContainer<NamedKey>) throws {
        func value<Value: Decodable>(_ type: Value.Type, none: Value? = nil) throws -> Value {
            do {
                return try container.decode(type, forKey: key)
            } catch let direct {
                // The first form held the value under "_0", and none as nothing: `{"due": {}}`.
                guard let wrapped = try? container.nestedContainer(keyedBy: NamedKey.self, forKey: key) else {
                    throw direct
                }
                let keys = wrapped.allKeys.map(\.stringValue)
                if keys == ["_0"] { return try wrapped.decode(type, forKey: NamedKey("_0")) }
                if keys.isEmpty, let none { return none }
                throw direct
            }
        }
        func setting<Value: TodoFieldValue>(_ type: Value.Type) throws -> any TodoFieldValue {
            try value(type, none: Value.missing.flatMap { $0.isNone ? $0 : nil })
        }
        switch key.stringValue {
        case "addTag": self = .addTag(try value(String.self))
        case "removeTag": self = .removeTag(try value(String.self))
        case "addContext": self = .addContext(try value(String.self))
        case "removeContext": self = .removeContext(try value(String.self))
        case "addDependency": self = .addDependency(try value(String.self))
        case "removeDependency": self = .removeDependency(try value(String.self))
        case "addAnnotation": self = .addAnnotation(try value(Annotation.self))
        case "removeAnnotation": self = .removeAnnotation(try value(Annotation.self))
        case "addToTitle": self = .addToTitle(try value(TitleAddition.self))
        default:
            guard let setting = try FieldSetting(name: key.stringValue, reading: { try setting($0) }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\"\(key.stringValue)\" is no field a change sets")
            }
            self = .set(setting)
        }
    }

    /// The change's field, or the tag or context it adds or takes off, and its value under it, in `container`.
    func encode(into container: inout KeyedEncodingContainer<NamedKey>) throws {
        switch self {
        case .set(let setting): try container.encode(setting.value, forKey: NamedKey(setting.name))
        case .addTag(let tag): try container.encode(tag, forKey: NamedKey("addTag"))
        case .removeTag(let tag): try container.encode(tag, forKey: NamedKey("removeTag"))
        case .addContext(let context): try container.encode(context, forKey: NamedKey("addContext"))
        case .removeContext(let context): try container.encode(context, forKey: NamedKey("removeContext"))
        case .addDependency(let id): try container.encode(id, forKey: NamedKey("addDependency"))
        case .removeDependency(let id): try container.encode(id, forKey: NamedKey("removeDependency"))
        case .addAnnotation(let annotation): try container.encode(annotation, forKey: NamedKey("addAnnotation"))
        case .removeAnnotation(let annotation):
            try container.encode(annotation, forKey: NamedKey("removeAnnotation"))
        case .addToTitle(let addition): try container.encode(addition, forKey: NamedKey("addToTitle"))
        }
    }
}

extension TodoItem {
    /// The changes that make this item `other`: a setting of each field, but its id and the moment
    /// it was made, that differs.
    func changes(to other: TodoItem) -> [Change] {
        var differences = FieldDifferences(from: self, to: other)
        TodoItem.fields(&differences)
        return differences.changes
    }
}

private struct FieldDifferences: TodoFieldRegistry {
    let from: TodoItem
    let to: TodoItem
    var changes: [TodoItem.Change] = []

    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        let value = to[keyPath: property]
        if !fixed, from[keyPath: property] != value { changes.append(.set(FieldSetting(name: name, value))) }
    }
}
