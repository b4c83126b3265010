import Essentials
import Fractal

/// A large sealed value that a store keeps apart from the record that holds it, as the SQLite
/// store keeps each page of to-dos in a row of its own: the record holds this name of it, and the
/// part's bytes are read from the store only when the part is first used (see `Deferred`), so
/// that a command reads the parts it works on, not the whole record.
///
///     11 (tag), the part's number (UInt64, little-endian), then the head of the sealed value the
///     part holds: its body byte count (UInt32, little-endian) and CRC-32 (UInt32, little-endian)
///
/// The number finds the part; the head says which sealed value it must hold, so that a part
/// rewritten or damaged since the record was written is refused, never read as another.
///
/// Only a place that a `Deferred` reads may name a part kept apart: a feature's slice, a page of a
/// list in pages (`encodeDeferredPages`), a deferred field list. A part kept apart never names
/// another, so that the numbers a record names are all in its own bytes (`numbers(in:)`).
struct PartKeptApart: Equatable, Sendable {
    /// How many bytes the name takes in a record.
    static let size = 17

    let number: UInt64
    /// The head of the sealed value the part holds.
    let length: UInt32
    let checksum: UInt32

    /// The name of `sealed`, one sealed value, kept as part `number`.
    init(number: UInt64, sealed: [UInt8]) throws(BinaryFormat.Damage) {
        var reader = BinaryReader(sealed)
        guard try reader.tag() == .sealed else { throw reader.damage("expected a sealed value", back: 1) }
        self.number = number
        length = try reader.fixed(UInt32.self)
        checksum = try reader.fixed(UInt32.self)
    }

    /// The name at the reader's position, which is left after it.
    init(reading reader: inout BinaryReader) throws(BinaryFormat.Damage) {
        guard try reader.tag() == .keptApart else { throw reader.damage("expected a part kept apart", back: 1) }
        number = try reader.fixed(UInt64.self)
        length = try reader.fixed(UInt32.self)
        checksum = try reader.fixed(UInt32.self)
    }

    /// The name as a record holds it.
    var bytes: [UInt8] {
        var writer = BinaryWriter()
        writer.tag(.keptApart)
        writer.fixed(number)
        writer.fixed(length)
        writer.fixed(checksum)
        return writer.bytes
    }

    /// The head the sealed value this names starts with: its tag, length and checksum.
    var sealedHead: [UInt8] {
        var writer = BinaryWriter()
        writer.tag(.sealed)
        writer.fixed(length)
        writer.fixed(checksum)
        return writer.bytes
    }

    /// Whether `stored`, what the store keeps as this part, is the sealed value this names: its
    /// head is this one, and its body as long as the head says. (The body is checked against its
    /// checksum as it is read, as every sealed body is.)
    func isHeld(by stored: [UInt8]) -> Bool {
        stored.starts(with: sealedHead) && stored.count == SealedValue.headSize + Int(length)
    }

    /// Whether the value filling `bytes` is the name of a part kept apart.
    static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.first == BinaryFormat.Tag.keptApart.rawValue
    }

    /// The parts that the value filling `range` of `bytes` names, at any depth of its lists, keyed
    /// and sealed values, in the order they come.
    static func names(in bytes: [UInt8], range: Range<Int>) throws(BinaryFormat.Damage) -> [PartKeptApart] {
        var names: [PartKeptApart] = []
        var reader = BinaryReader(bytes, at: range.lowerBound, end: range.upperBound)
        try collect(&reader, into: &names)
        return names
    }

    private static func collect(
        _ reader: inout BinaryReader, into numbers: inout [PartKeptApart]
    ) throws(BinaryFormat.Damage) {
        var value = reader
        switch try value.tag() {
        case .keptApart:
            numbers.append(try PartKeptApart(reading: &reader))
        case .list, .keyed:
            let keyed = try reader.tag() == .keyed
            let (end, count) = try reader.body()
            var members = BinaryReader(reader.bytes, at: reader.position, end: end)
            for _ in 0..<count {
                if keyed { _ = try members.stringRange() }
                try collect(&members, into: &numbers)
            }
            reader.position = end
        case .sealed:
            _ = try reader.tag()
            let body = try reader.sealedBody().body
            var inner = BinaryReader(reader.bytes, at: body.lowerBound, end: body.upperBound)
            try collect(&inner, into: &numbers)
            reader.position = body.upperBound
        default:
            try reader.skipValue()
        }
    }
}

/// How a record's parts kept apart are read: the store that read the record makes, for each name,
/// the bytes of the part, read from the store when first needed (`PendingBytes`).
struct PartsKeptApart: Sendable {
    let part: @Sendable (PartKeptApart) -> PendingBytes
}

/// Where a store keeps apart the large parts of a record it is writing (`PartsKeeping.keeper`).
///
/// A class, because it is the store's connection to where the parts go, shared by every encoder
/// of the one record.
protocol PartsKeeper: AnyObject, Sendable {
    /// A sealed value whose body is at least this long is kept apart, where it may be.
    var smallestKeptApart: Int { get }
    /// Keeps `sealed`, a sealed value that names no part kept apart, as a part of its own, and
    /// names it.
    func keepApart(_ sealed: [UInt8]) throws -> PartKeptApart
    /// A part the record was read with, kept apart and never read since: what the record written
    /// now holds for it. Its name, where the store still keeps it; or `bytes`, read, kept anew.
    func keepAgain(_ part: PartKeptApart, bytes: PendingBytes) throws -> [UInt8]
}

extension PartsKeeper {
    /// `part`, read from the store it was read with (`bytes`), kept anew here.
    func keepCopy(of part: PartKeptApart, bytes: PendingBytes) throws -> [UInt8] {
        let (read, range) = try StoredBytes<Never>.Origin.apart(part, bytes).bytes()
        return try keepApart(Array(read[range])).bytes
    }
}

/// The keeper of the record being written: a store sets it around its encoding of a snapshot, so
/// that the encoders of slices and pages, however deep, hand it their large parts. Nil, as while a
/// change or an export is encoded, keeps every part in the record.
enum PartsKeeping {
    @TaskLocal static var keeper: (any PartsKeeper)?

    /// What a record holds for `sealed`, a sealed value just encoded at a place a `Deferred`
    /// reads: its name, once the keeper keeps it apart, when it is large and names no part of its
    /// own; else itself.
    static func written(_ sealed: [UInt8]) throws -> [UInt8] {
        guard let keeper, sealed.count - SealedValue.headSize >= keeper.smallestKeptApart,
            try PartKeptApart.names(in: sealed, range: sealed.indices).isEmpty
        else { return sealed }
        return try keeper.keepApart(sealed).bytes
    }
}
