import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// How a store keeps each value a to-do's field may hold, field by field: text as text, a day as
// `2026-12-01`, a priority by its name (`Priority.name`), a moment as milliseconds, a time of day and a count as
// numbers, none as nil.

extension String: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws { self = try fields.string() }
    public func write(stored fields: inout BinaryFieldWriter) { fields.string(self) }
    public static var missing: String? { "" }
}

extension TodoID: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws { self.init(try fields.string()) }
    public func write(stored fields: inout BinaryFieldWriter) { fields.string(value) }
    public static var missing: TodoID? { nil }
}

extension [String]: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws { self = try fields.strings() }
    public func write(stored fields: inout BinaryFieldWriter) { fields.strings(self) }
    public static var missing: [String]? { [] }
}

extension [String: String]: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws { self = try fields.stringsByString() }
    public func write(stored fields: inout BinaryFieldWriter) { fields.stringsByString(self) }
    public static var missing: [String: String]? { [:] }
}

extension Date: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws { self.init(milliseconds: try fields.int64()) }
    public func write(stored fields: inout BinaryFieldWriter) { fields.int64(milliseconds) }
    public init(stored fields: inout any UnkeyedDecodingContainer) throws {
        self.init(milliseconds: try fields.decode(Int64.self))
    }
    public func write(stored fields: inout any UnkeyedEncodingContainer) throws { try fields.encode(milliseconds) }
    public static var missing: Date? { nil }
}

/// A value a store keeps as one field, which a to-do's field may also hold none of.
public protocol StoredScalar: Codable, Equatable, Sendable {
    init(scalar fields: inout BinaryFieldReader) throws
    func write(scalar fields: inout BinaryFieldWriter)
    /// The stored form through `Codable`: by default the value's own.
    static func decodeScalar(from fields: inout any UnkeyedDecodingContainer) throws -> Self?
    func encodeScalar(to fields: inout any UnkeyedEncodingContainer) throws
}

extension StoredScalar {
    public static func decodeScalar(from fields: inout any UnkeyedDecodingContainer) throws -> Self? {
        try fields.decodeIfPresent(Self.self)
    }

    public func encodeScalar(to fields: inout any UnkeyedEncodingContainer) throws { try fields.encode(self) }
}

extension Optional: TodoFieldValue where Wrapped: StoredScalar {
    public init(stored fields: inout BinaryFieldReader) throws {
        self = try fields.optional { try Wrapped(scalar: &$0) }
    }
    public func write(stored fields: inout BinaryFieldWriter) { fields.optional(self) { $1.write(scalar: &$0) } }
    public init(stored fields: inout any UnkeyedDecodingContainer) throws {
        self = try Wrapped.decodeScalar(from: &fields)
    }

    public func write(stored fields: inout any UnkeyedEncodingContainer) throws {
        guard let self else { return try fields.encodeNil() }
        try self.encodeScalar(to: &fields)
    }

    public static var missing: Wrapped?? { .some(nil) }
    public var isNone: Bool { self == nil }
}

extension Day: StoredScalar {
    public init(scalar fields: inout BinaryFieldReader) throws { self = try Day.stored(try fields.string()) }
    public func write(scalar fields: inout BinaryFieldWriter) { fields.string(description) }

    public static func decodeScalar(from fields: inout any UnkeyedDecodingContainer) throws -> Day? {
        try fields.decodeIfPresent(String.self).map(Day.stored)
    }

    public func encodeScalar(to fields: inout any UnkeyedEncodingContainer) throws { try fields.encode(description) }
}

extension Priority: StoredScalar {
    public init(scalar fields: inout BinaryFieldReader) throws { self = try Priority.stored(try fields.string()) }
    public func write(scalar fields: inout BinaryFieldWriter) { fields.string(name) }

    /// A priority as a store keeps it, by its name: `high`, `medium`, `low`, or a letter from D to
    /// Z (which versions before them could not read: they refuse such a store, and never misread
    /// it). Anything else is damage.
    static func stored(_ name: String) throws -> Priority {
        guard let priority = Priority(named: name) else {
            throw StoredFieldError(field: "Priority", text: name)
        }
        return priority
    }
}

extension Date: StoredScalar {
    public init(scalar fields: inout BinaryFieldReader) throws { self.init(milliseconds: try fields.int64()) }
    public func write(scalar fields: inout BinaryFieldWriter) { fields.int64(milliseconds) }

    public static func decodeScalar(from fields: inout any UnkeyedDecodingContainer) throws -> Date? {
        try fields.decodeIfPresent(Int64.self).map(Date.init(milliseconds:))
    }

    public func encodeScalar(to fields: inout any UnkeyedEncodingContainer) throws { try fields.encode(milliseconds) }
}

extension String: StoredScalar {
    public init(scalar fields: inout BinaryFieldReader) throws { self = try fields.string() }
    public func write(scalar fields: inout BinaryFieldWriter) { fields.string(self) }
}

extension Int: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws { self = Int(try fields.int64()) }
    public func write(stored fields: inout BinaryFieldWriter) { fields.int64(Int64(self)) }
    public static var missing: Int? { 0 }
}

extension TimeOfDay: StoredScalar {
    /// Kept as its seconds since midnight; any other number is damage.
    public init(scalar fields: inout BinaryFieldReader) throws { self = try TimeOfDay.stored(try fields.int64()) }
    public func write(scalar fields: inout BinaryFieldWriter) { fields.int64(Int64(seconds)) }

    public static func decodeScalar(from fields: inout any UnkeyedDecodingContainer) throws -> TimeOfDay? {
        try fields.decodeIfPresent(Int64.self).map(TimeOfDay.stored)
    }

    public func encodeScalar(to fields: inout any UnkeyedEncodingContainer) throws { try fields.encode(seconds) }

    private static func stored(_ seconds: Int64) throws -> TimeOfDay {
        guard let time = TimeOfDay(seconds: Int(clamping: seconds)) else {
            throw StoredFieldError(field: "time of day", text: "\(seconds)")
        }
        return time
    }
}

extension Recurrence: StoredScalar {
    /// Kept as its text, `weekly` or `monthly on day 31`; any other text is damage.
    public init(scalar fields: inout BinaryFieldReader) throws {
        let text = try fields.string()
        guard let recurrence = Recurrence(text: text) else { throw StoredFieldError(field: "recurrence", text: text) }
        self = recurrence
    }

    public func write(scalar fields: inout BinaryFieldWriter) { fields.string(description) }
}
