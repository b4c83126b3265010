/// A part of a bigger state: one feature's slice of the AppState.
///
/// A stored state that lacks the slice (written before the feature existed) decodes with the
/// slice as it starts, `Part()`: adding a feature never makes a stored state unreadable, and needs
/// no migration. Otherwise the wrapper is invisible: the slice is coded as the part itself, so
/// wrapping an existing property changes nothing that was stored.
@propertyWrapper
public struct Slice<Part: Changeable & Fresh>: Codable, Equatable, Sendable {
    public var wrappedValue: Part

    @inlinable
    public init(wrappedValue: Part) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try Part(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

/// A value with a starting point: a feature's state before anything happened.
public protocol Fresh {
    init()
}

extension KeyedDecodingContainer {
    /// A slice missing from the stored state is a fresh one. (Synthesized decoding picks this
    /// overload for every `@Slice` property, instead of failing on the missing key.)
    public func decode<Part>(_ type: Slice<Part>.Type, forKey key: Key) throws -> Slice<Part> {
        Slice(wrappedValue: try decodeIfPresent(Part.self, forKey: key) ?? Part())
    }
}
