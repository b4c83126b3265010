/// A coding key that is any name: for values whose keys are data (a slice's stored name, a
/// feature's, a history's, a stored value's, a to-do's field's) rather than a fixed list.
public struct NamedKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) {
        stringValue = name
    }

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init?(intValue: Int) { nil }

    /// The name alone, as an error that names the key says it: `title`.
    public var description: String { stringValue }
}
