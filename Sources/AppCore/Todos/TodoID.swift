import Fractal

/// A to-do's identity: ten hexadecimal digits, drawn once and never renumbered. Any prefix that
/// no other item shares names it too, as with git's commit ids.
public struct TodoID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    /// A new id from the injected random source.
    public static func draw(from random: RandomSource) -> TodoID {
        let digits = String(random.uniform(below: 1 << 40), radix: 16)
        return TodoID(String(repeating: "0", count: 10 - digits.count) + digits)
    }

    public var description: String { value }

    public static func < (lhs: TodoID, rhs: TodoID) -> Bool { lhs.value < rhs.value }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
