import Fractal
import Synchronization

/// A composition's change as a store keeps it: the slice's stored name, then the slice's change,
/// field by field where its type reads and writes its own fields (`BinaryFieldDecodable`), else
/// through `Codable`. Derived from the composition's registration: a feature registered is kept.
public protocol StoredChange: ComposedChange, BinaryFieldDecodable, BinaryFieldEncodable {}

extension StoredChange {
    public init(fields: inout BinaryFieldReader) throws {
        try self.init(storedFields: &fields)
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        try writeStored(fields: &fields)
    }

    /// Reads a change. Inlinable, so that a composition whose registration is not calls this from
    /// its change's own `init(fields:)`, where the registration is walked specialized: see
    /// `Composition.init(slicesFrom:)`.
    @inlinable
    public init(storedFields fields: inout BinaryFieldReader) throws {
        let name = try fields.string()
        let readers = StoredChangeReaders<Whole>.made {
            var collecting = StoredChangeReaderCollecting<Whole>()
            Whole.register(&collecting)
            return collecting.readers
        }
        guard let read = readers.byName[name] else {
            throw StoredFieldError(field: "part this program knows: a newer version wrote it", text: name)
        }
        self = try read(&fields)
    }

    /// Writes a change; inlinable for the reason `init(storedFields:)` is.
    @inlinable
    public func writeStored(fields: inout BinaryFieldWriter) throws {
        var writing = StoredChangeWriting<Whole>(change: self, fields: fields)
        Whole.register(&writing)
        try writing.result?.get()
        fields = writing.fields
    }
}

@usableFromInline
struct StoredChangeWriting<Whole: Composition>: FeatureRegistry {
    @usableFromInline let change: Whole.Change
    @usableFromInline var fields: BinaryFieldWriter
    @usableFromInline var result: Result<Void, any Error>?

    @inlinable
    init(change: Whole.Change, fields: BinaryFieldWriter) {
        (self.change, self.fields) = (change, fields)
    }

    @inlinable
    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard result == nil, let part = feature.extract(change) else { return }
        result = Result {
            fields.string(feature.stored)
            if let own = part as? any BinaryFieldEncodable {
                try own.write(fields: &fields)
            } else {
                try fields.value(part)
            }
        }
    }
}

/// How each feature's stored change is read, by the name its slice is stored under: made from the
/// composition's registration the first time a change of it is read, then kept for the life of
/// the program. A program replays every change kept since the last snapshot as it starts; walking
/// the registration for each of them, unspecialized, cost 34,000 instructions a change.
///
/// A class, so that one made list is shared by every read, through `made`.
@usableFromInline
final class StoredChangeReaders<Whole: Composition>: Sendable {
    @usableFromInline typealias Read = @Sendable (inout BinaryFieldReader) throws -> Whole.Change
    @usableFromInline let byName: [String: Read]

    init(byName: [String: Read]) {
        self.byName = byName
    }

    /// The readers of `Whole`'s changes, made by `collect` the first time.
    @usableFromInline
    static func made(collecting collect: () -> [String: Read]) -> StoredChangeReaders {
        madeChangeReaders.withLock { made in
            if let readers = made[ObjectIdentifier(Whole.self)] { return unsafeDowncast(readers, to: Self.self) }
            let readers = StoredChangeReaders(byName: collect())
            made[ObjectIdentifier(Whole.self)] = readers
            return readers
        }
    }
}

/// The readers made so far, one list for each composition whose changes were read.
private let madeChangeReaders = Mutex<[ObjectIdentifier: AnyObject]>([:])

/// Makes the reader of each registered feature's change: field by field where the change's type
/// reads its own fields (`BinaryFieldDecodable`), else through `Codable`.
@usableFromInline
struct StoredChangeReaderCollecting<Whole: Composition>: FeatureRegistry {
    @usableFromInline var readers: [String: StoredChangeReaders<Whole>.Read] = [:]

    @inlinable
    init() {}

    @inlinable
    mutating func add<Owner: Feature>(_ feature: Registration<Whole, Owner>)
    where Owner.Environment == Whole.Environment {
        guard readers[feature.stored] == nil else { return }  // the first of a name reads it, as before
        let embed = feature.embed
        readers[feature.stored] = { fields in
            if let own = Owner.State.Change.self as? any BinaryFieldDecodable.Type,
                let change = try own.init(fields: &fields) as? Owner.State.Change
            {
                return embed(change)
            }
            return embed(try fields.value(Owner.State.Change.self))
        }
    }
}
