/// A part of a bigger state: one feature's slice of the AppState.
///
/// A stored state that lacks the slice (written before the feature existed) decodes with the
/// slice as it starts, `Part()`: adding a feature never makes a stored state unreadable, and needs
/// no migration. Otherwise the wrapper is invisible: the slice is coded as the part itself, so
/// wrapping an existing property changes nothing that was stored.
///
/// A slice is read from a store only when it is first used. A store's snapshot holds every
/// slice, but a command works on one feature's: so a slice decoded from the store's binary form
/// keeps its bytes and decodes them the first time it is read, and the changes the store replays
/// to it (`replay`) wait until then. A program pays for the slices its commands touch, not for
/// the others; a slice nobody read is written back as the bytes it came from. To the code that
/// reads it, a slice is the same value either way.
@propertyWrapper
public struct Slice<Part: Changeable & Fresh>: Codable, Equatable, Sendable {
    /// The slice, read from its stored bytes when first used: a `Deferred` part whose waiting
    /// steps are the changes replayed to it.
    @usableFromInline var kept: Deferred<Part>

    @inlinable
    public init(wrappedValue: Part) {
        kept = Deferred(wrappedValue)
    }

    /// A slice stored in binary form at `position` of `bytes`, read when first used: sealed, as
    /// this program writes it, its body is checked against its seal first; bare, as stores of
    /// format 2 and before kept it, the record's checksum covered it already. A slice the store
    /// left where it was (`pending`, always sealed) is read from the store then, whole.
    init(storedIn bytes: [UInt8], at position: Int, named name: String, pending: PendingBytes? = nil) throws {
        var reader = BinaryReader(bytes, at: position, end: bytes.count)
        try ScalarReading.wrapping { try reader.skipValue() }
        let range = position..<reader.position
        let sealed = SealedValue.isSealed(bytes[range])
        let decode: @Sendable ([UInt8], Range<Int>) throws -> Part = { bytes, range in
            let value = sealed ? try SealedValue.checkedBody(of: bytes, in: range, named: name) : range
            return try BinaryDecoder.decode(Part.self, from: bytes, in: value)
        }
        if let pending {
            kept = Deferred(empty: Part(), pending: pending, decode: decode)
        } else {
            kept = Deferred(empty: Part(), bytes: bytes, range: range, decode: decode)
        }
    }

    /// The slice. A stored slice that cannot be read stops the program, as it must not be
    /// mistaken for another value: a program reads through `load()` first the slices its
    /// commands work on, to say what was wrong instead (see `AppState.load(for:)`).
    @inlinable
    public var wrappedValue: Part {
        get { kept.value }
        set { kept.value = newValue }
        _modify { yield &kept.value }
    }

    /// The slice itself, for `load()`: `state.$todos.load()`.
    @inlinable
    public var projectedValue: Slice<Part> { self }

    /// The slice, read from the store's bytes if it was not yet; throws if they cannot be read or
    /// a change replayed to it does not apply.
    public func load() throws -> Part {
        try kept.load()
    }

    /// Applies a change the store kept, as it reads it back: to a slice not read yet, when it is
    /// read. Such a change applied once already, to the same slice, so it applies again.
    public mutating func replay(_ change: Part.Change) throws {
        if kept.stored.wait(for: { try $0.apply(change) }) { return }
        try apply(change)
    }

    /// Applies a change to the slice in place, reading it first if it was not yet. The whole's
    /// `apply` calls this rather than going through `wrappedValue`, whose `_modify` coroutine
    /// allocates its frame when the change throws, as a to-do change may.
    @inlinable
    public mutating func apply(_ change: Part.Change) throws {
        if kept.stored != nil { kept.takeStored() }
        try kept.part.apply(change)
    }

    public static func == (lhs: Slice, rhs: Slice) -> Bool {
        lhs.kept == rhs.kept
    }

    public init(from decoder: any Decoder) throws {
        kept = Deferred(try Part(from: decoder))
    }

    /// In the binary form, a slice is sealed by a checksum of its own (`SealedValue`). A slice
    /// nobody read is its bytes again, with the seal they came with: bytes damaged since they
    /// were sealed stay found out, never sealed anew.
    public func encode(to encoder: any Encoder) throws {
        guard let binary = encoder as? ValueEncoder else {
            try load().encode(to: encoder)
            return
        }
        if let kept = try kept.keptBytes() {
            binary.value = .written(try SealedValue.resealed(kept))
        } else {
            binary.value = .written(try SealedValue.seal(try BinaryEncoder.encode(load())))
        }
    }
}

/// A value with a starting point: a feature's state before anything happened.
public protocol Fresh {
    init()
}

extension KeyedDecodingContainer {
    /// A slice missing from the stored state is a fresh one; one in the binary form waits to be
    /// read. (Synthesized decoding picks this overload for every `@Slice` property, instead of
    /// failing on the missing key.)
    public func decode<Part>(_ type: Slice<Part>.Type, forKey key: Key) throws -> Slice<Part> {
        guard contains(key), try !decodeNil(forKey: key) else { return Slice(wrappedValue: Part()) }
        if let binary = try superDecoder(forKey: key) as? ValueDecoder {
            return try Slice(
                storedIn: binary.bytes, at: binary.position, named: key.stringValue,
                pending: binary.pending?.claim(at: binary.position))
        }
        return Slice(wrappedValue: try decode(Part.self, forKey: key))
    }
}
