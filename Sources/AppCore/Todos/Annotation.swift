import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A line said of a to-do at a moment, as Taskwarrior's annotations: `todo annotate 3f2a asked
/// Bob` adds one made now. Coded as Taskwarrior writes one, `{"entry": …, "description": "asked Bob"}`.
public struct Annotation: Hashable, Codable, Sendable {
    public let entry: Date
    public let description: String

    public init(entry: Date, description: String) {
        (self.entry, self.description) = (entry, description)
    }
}

/// A to-do's annotations, in the order they were made: the value of its field `annotations`.
public struct Annotations: Equatable, Sendable, Codable {
    public internal(set) var all: [Annotation]

    public init(_ all: [Annotation] = []) {
        self.all = all
    }

    public var isEmpty: Bool { all.isEmpty }

    public init(from decoder: any Decoder) throws {
        all = try decoder.singleValueContainer().decode([Annotation].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(all)
    }
}

// A store keeps them as a list, each its moment in milliseconds and its text.
extension Annotations: TodoFieldValue {
    public init(stored fields: inout BinaryFieldReader) throws {
        all = try fields.list { Annotation(entry: Date(milliseconds: try $0.int64()), description: try $0.string()) }
    }

    public func write(stored fields: inout BinaryFieldWriter) {
        fields.list(all) { fields, annotation in
            fields.int64(annotation.entry.milliseconds)
            fields.string(annotation.description)
        }
    }

    public static var missing: Annotations? { Annotations() }
}
