/// A part of a bigger state: one feature's slice of the AppState.
///
/// A stored state that lacks the slice (written before the feature existed) decodes with the
/// slice as it starts, `Part()`: adding a feature never makes a stored state unreadable, and needs
/// no migration. Otherwise the wrapper is invisible: the slice is coded as the part itself, so
/// wrapping an existing property changes nothing that was stored.
///
/// A slice is read from a store only when it is first used. A store's snapshot holds every
/// slice, but a command works on one feature's: so a store's decoder leaves a slice unread
/// (`DeferringDecoder`), and the changes the store replays to it (`replay`) wait until it is read.
/// A program pays for the slices its commands touch, not for the others; a slice nobody read is
/// written back as it came (`DeferringEncoder`). To the code that reads it, a slice is the same
/// value either way.
@propertyWrapper
public struct Slice<Part: Changeable & Fresh>: Codable, Equatable, Sendable {
    /// The slice, read when first used: a `Deferred` part whose waiting steps are the changes
    /// replayed to it.
    @usableFromInline var kept: Deferred<Part>

    @inlinable
    public init(wrappedValue: Part) {
        kept = Deferred(wrappedValue)
    }

    /// A slice that a store's decoder left to be read when first used.
    public init(kept: Deferred<Part>) {
        self.kept = kept
    }

    /// The slice. A stored slice that cannot be read stops the program, as it must not be
    /// mistaken for another value: a reader that can say what was wrong reads through `load()`.
    @inlinable
    public var wrappedValue: Part {
        get { kept.value }
        set { kept.value = newValue }
        _modify { yield &kept.value }
    }

    /// The slice itself, for `load()`: `state.$todos.load()`.
    @inlinable
    public var projectedValue: Slice<Part> { self }

    /// The slice, read from the store if it was not yet; throws `UnreadableSlice` if it cannot be
    /// read or a change replayed to it does not apply.
    public func load() throws -> Part {
        try kept.load()
    }

    /// Applies a change the store kept, as it reads it back: to a slice not read yet, when it is
    /// read. Such a change applied once already, to the same slice, so it applies again.
    /// It is replayed to the part as a change kept (`Changeable.replay`), which may wait in turn.
    @inlinable
    public mutating func replay(_ change: Part.Change) throws {
        if kept.keep(step: { try $0.replay(change) }) { return }
        if kept.stored != nil { try kept.readStored() }
        try kept.part.replay(change)
    }

    /// Applies a change to the slice in place, reading it first if it was not yet: a slice that
    /// cannot be read throws `UnreadableSlice`, which a store says as damage. A change that
    /// applies to any slice unread (`Changeable.appliesUnread`) waits for the read instead: rolling
    /// the dice adds to their history without reading it. The whole's `apply` calls this rather
    /// than going through `wrappedValue`, whose `_modify` coroutine allocates its frame when the
    /// change throws, as a to-do change may.
    @inlinable
    public mutating func apply(_ change: Part.Change) throws {
        if kept.stored != nil {
            if Part.appliesUnread(change), kept.keep(step: { try $0.apply(change) }) { return }
            try kept.readStored()
        }
        try kept.part.apply(change)
    }

    public static func == (lhs: Slice, rhs: Slice) -> Bool {
        lhs.kept == rhs.kept
    }

    public init(from decoder: any Decoder) throws {
        kept = Deferred(try Part(from: decoder))
    }

    /// A store's encoder writes a slice nobody read as it came; any other writes the slice.
    public func encode(to encoder: any Encoder) throws {
        if let deferring = encoder.deferring {
            try deferring.encode(deferred: kept)
        } else {
            try load().encode(to: encoder)
        }
    }
}

/// A value with a starting point: a feature's state before anything happened.
public protocol Fresh {
    init()
}

extension KeyedDecodingContainer {
    /// A slice missing from the stored state is a fresh one; one a store's decoder reads waits to
    /// be read. (Synthesized decoding picks this overload for every `@Slice` property, instead of
    /// failing on the missing key.)
    public func decode<Part>(_ type: Slice<Part>.Type, forKey key: Key) throws -> Slice<Part> {
        guard contains(key), try !decodeNil(forKey: key) else { return Slice(wrappedValue: Part()) }
        if let deferring = try superDecoder(forKey: key).deferring {
            return Slice(kept: try deferring.deferred(Part.self, empty: Part(), named: key.stringValue))
        }
        return Slice(wrappedValue: try decode(Part.self, forKey: key))
    }
}
