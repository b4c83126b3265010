/// A state made of features' slices, each feature registered once, in `register`: the state's
/// coding, how a change reaches its slice, the coding of changes and the routing of commands
/// (`Core`) all follow from that one list.
///
///     struct AppState: Composition {
///         @Slice private(set) var coins = CoinHistory()
///         enum Change: ComposedChange { case coins(CoinHistory.Change) }
///
///         static func register(_ features: inout some FeatureRegistry<AppState>) {
///             features.add(
///                 CoinFeature.self, stored: "coins", read: { $0._coins }, change: { try $1(&$0._coins) },
///                 embed: Change.coins, extract: { if case .coins(let change) = $0 { change } else { nil } })
///         }
///     }
public protocol Composition: Changeable, Fresh where Change: ComposedChange<Self> {
    /// What every feature is built with beside its store (see `Feature.Environment`).
    associatedtype Environment

    /// Registers each feature once, with the slice it owns, the name the slice is stored under,
    /// and how the slice's change is embedded in the whole's and taken out of it again.
    static func register(_ features: inout some FeatureRegistry<Self>)
}

/// What a composition's features are registered with: each use of the list (applying a change,
/// coding the state, building the core) is a registry that does its part for each feature.
public protocol FeatureRegistry<Whole> {
    associatedtype Whole: Composition

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment
}

extension FeatureRegistry {
    /// Registers `feature`: the name its slice is stored under (once stored, never changed: a store
    /// keeps it), the slice, read and changed in place (`SliceAccess`), how its change is embedded
    /// in the whole's, and how it is taken out again.
    @inlinable
    public mutating func add<Owner: Feature>(
        _ feature: Owner.Type, stored: String, read: @escaping @Sendable (Whole) -> Slice<Owner.State>,
        change: @escaping SliceAccess<Whole, Owner.State>.Change,
        embed: @escaping @Sendable (Owner.State.Change) -> Whole.Change,
        extract: @escaping @Sendable (Whole.Change) -> Owner.State.Change?
    ) where Owner.Environment == Whole.Environment {
        add(
            Registration<Whole, Owner>(
                slice: SliceAccess(read: read, change: change), stored: stored, embed: embed, extract: extract))
    }
}

/// One feature as its composition registers it.
public struct Registration<Whole: Composition, Owner: Feature>: Sendable {
    /// The slice of the whole it owns.
    public let slice: SliceAccess<Whole, Owner.State>
    /// The name the slice is stored under.
    public let stored: String
    /// Its change as the whole's.
    public let embed: @Sendable (Owner.State.Change) -> Whole.Change
    /// Its change, if the whole's change is one of its.
    public let extract: @Sendable (Whole.Change) -> Owner.State.Change?

    @inlinable
    public init(
        slice: SliceAccess<Whole, Owner.State>, stored: String,
        embed: @escaping @Sendable (Owner.State.Change) -> Whole.Change,
        extract: @escaping @Sendable (Whole.Change) -> Owner.State.Change?
    ) {
        (self.slice, self.stored, self.embed, self.extract) = (slice, stored, embed, extract)
    }
}

/// A change of a composition: one slice's change, embedded. Coded as `{"coins": …}`, the slice's
/// stored name and its change.
public protocol ComposedChange<Whole>: Codable, Equatable, Sendable {
    associatedtype Whole: Composition where Whole.Change == Self
}

// MARK: A change reaches its slice

extension Composition {
    /// Applies a change to the slice it names, in place. Generic over the registry, so that, where
    /// the composition is known, every step is inlined: it costs what a `switch` over the slices
    /// would.
    @inlinable
    public mutating func apply(_ change: Change) throws {
        try reach(change, replaying: false)
    }

    /// Replays a change a store kept to the slice it names: to a slice not read yet, when it is read.
    @inlinable
    public mutating func replay(_ change: Change) throws {
        try reach(change, replaying: true)
    }

    /// Takes `change` to the slice it names: applied, or replayed. A composition whose
    /// registration is not inlinable (it names the slices' storage, which is private) calls this
    /// from its own `apply` and `replay`, where the compiler sees the registration whole and makes
    /// of it what a `switch` over the slices would be.
    @inlinable
    public mutating func reach(_ change: Change, replaying: Bool) throws {
        // The registry reaches the slice through the whole in place: a whole copied into it and
        // back would share each slice's storage with the copy while the change is applied, and
        // the slice would copy itself (an allocation) to change. Applying and replaying are two
        // registries, so that each reaches its slice one way, which the compiler makes a stored
        // property's access rather than a key path's at run time.
        let (reached, failure) = withUnsafePointer(to: change) { change in
            withUnsafeMutablePointer(to: &self) { whole in
                if replaying {
                    var reaching = ChangeReaching(whole: whole, change: change, taking: Replaying())
                    Self.register(&reaching)
                    return (reaching.reached, reaching.failure)
                } else {
                    var reaching = ChangeReaching(whole: whole, change: change, taking: Applying())
                    Self.register(&reaching)
                    return (reaching.reached, reaching.failure)
                }
            }
        }
        if let failure { throw failure }
        precondition(reached, "a change of a slice no feature registers")
    }
}

/// The registry that takes a change to its slice, in the whole it was given, for as long as it
/// is given them (see `reach`): both are reached where they are, neither copied.
@usableFromInline
struct ChangeReaching<Whole: Composition, Taking: SliceTaking>: FeatureRegistry {
    @usableFromInline let whole: UnsafeMutablePointer<Whole>
    @usableFromInline let change: UnsafePointer<Whole.Change>
    @usableFromInline let taking: Taking
    @usableFromInline var reached = false
    @usableFromInline var failure: (any Error)?

    @inlinable
    init(whole: UnsafeMutablePointer<Whole>, change: UnsafePointer<Whole.Change>, taking: Taking) {
        (self.whole, self.change, self.taking) = (whole, change, taking)
    }

    @inlinable
    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard !reached, let part = feature.extract(change.pointee) else { return }
        reached = true
        do {
            try feature.slice.change(&whole.pointee) { try taking.take(part, into: &$0) }
        } catch {
            failure = error
        }
    }
}

/// How a change is taken by its slice: applied, or replayed as a store reads it back.
@usableFromInline
protocol SliceTaking {
    func take<Part>(_ change: Part.Change, into slice: inout Slice<Part>) throws
}

@usableFromInline
struct Applying: SliceTaking {
    @inlinable init() {}
    @inlinable func take<Part>(_ change: Part.Change, into slice: inout Slice<Part>) throws { try slice.apply(change) }
}

@usableFromInline
struct Replaying: SliceTaking {
    @inlinable init() {}
    @inlinable func take<Part>(_ change: Part.Change, into slice: inout Slice<Part>) throws { try slice.replay(change) }
}

// MARK: The state's coding: each slice under its stored name

extension Composition {
    public init(from decoder: any Decoder) throws {
        try self.init(slicesFrom: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeSlices(to: encoder)
    }

    /// Each slice under its stored name. A slice the stored state lacks (written before its
    /// feature existed) starts fresh; a name no feature registers was written by a newer version
    /// of the program, and is refused rather than dropped at the next write.
    ///
    /// Inlinable, so that a composition whose registration is not (see `reach`) calls this from
    /// its own `init(from:)`, where its registration is walked specialized. Unspecialized, the
    /// walk looks up each feature's types at run time, some through every conformance the program
    /// has: a program reading its store paid 1 M instructions for it.
    @inlinable
    public init(slicesFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        var reading = SlicesReading<Self>(container: container)
        Self.register(&reading)
        if let failure = reading.failure { throw failure }
        let names = try decoder.deferring?.keyNames() ?? container.allKeys.map(\.stringValue)
        if let unknown = names.first(where: { !reading.names.contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: NamedKey(unknown), in: container,
                debugDescription: "\"\(unknown)\" is a part this program does not know: a newer version wrote it")
        }
        self = reading.whole
    }

    /// Each slice under its stored name; inlinable for the reason `init(slicesFrom:)` is.
    @inlinable
    public func encodeSlices(to encoder: any Encoder) throws {
        var writing = SlicesWriting(whole: self, container: encoder.container(keyedBy: NamedKey.self))
        Self.register(&writing)
        if let failure = writing.failure { throw failure }
    }
}

@usableFromInline
struct SlicesReading<Whole: Composition>: FeatureRegistry {
    @usableFromInline let container: KeyedDecodingContainer<NamedKey>
    @usableFromInline var whole = Whole()
    @usableFromInline var names: Set<String> = []
    @usableFromInline var failure: (any Error)?

    @inlinable
    init(container: KeyedDecodingContainer<NamedKey>) {
        self.container = container
    }

    @inlinable
    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        names.insert(feature.stored)
        guard failure == nil else { return }
        do {
            let slice = try container.decode(Slice<Owner.State>.self, forKey: NamedKey(feature.stored))
            try feature.slice.change(&whole) { $0 = slice }
        } catch {
            failure = error
        }
    }
}

@usableFromInline
struct SlicesWriting<Whole: Composition>: FeatureRegistry {
    @usableFromInline let whole: Whole
    @usableFromInline var container: KeyedEncodingContainer<NamedKey>
    @usableFromInline var failure: (any Error)?

    @inlinable
    init(whole: Whole, container: KeyedEncodingContainer<NamedKey>) {
        (self.whole, self.container) = (whole, container)
    }

    @inlinable
    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard failure == nil else { return }
        do {
            try container.encode(feature.slice.read(whole), forKey: NamedKey(feature.stored))
        } catch {
            failure = error
        }
    }
}

// MARK: A change's coding: the slice's stored name, then its change

extension ComposedChange {
    /// `{"coins": …}`. A store of the first format kept changes as `{"coins": {"_0": …}}`, which
    /// reads too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a change names exactly one slice"))
        }
        var reading = ChangeReading<Whole>(container: container, key: key)
        Whole.register(&reading)
        guard let change = try reading.result?.get() else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(key.stringValue)\" is no slice this program knows")
        }
        self = change
    }

    public func encode(to encoder: any Encoder) throws {
        var writing = ChangeWriting<Whole>(change: self, container: encoder.container(keyedBy: NamedKey.self))
        Whole.register(&writing)
        try writing.result?.get()
    }
}

private struct ChangeReading<Whole: Composition>: FeatureRegistry {
    let container: KeyedDecodingContainer<NamedKey>
    let key: NamedKey
    var result: Result<Whole.Change, any Error>?

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard result == nil, feature.stored == key.stringValue else { return }
        result = Result {
            let wrapped = try? container.nestedContainer(keyedBy: NamedKey.self, forKey: key)
            if let wrapped, wrapped.allKeys.map(\.stringValue) == ["_0"] {
                return feature.embed(try wrapped.decode(Owner.State.Change.self, forKey: NamedKey("_0")))
            }
            return feature.embed(try container.decode(Owner.State.Change.self, forKey: key))
        }
    }
}

private struct ChangeWriting<Whole: Composition>: FeatureRegistry {
    let change: Whole.Change
    var container: KeyedEncodingContainer<NamedKey>
    var result: Result<Void, any Error>?

    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard result == nil, let part = feature.extract(change) else { return }
        result = Result { try container.encode(part, forKey: NamedKey(feature.stored)) }
    }
}
