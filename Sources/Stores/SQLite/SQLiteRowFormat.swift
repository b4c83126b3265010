import Essentials
import Fractal

/// How the SQLite store writes the blobs of its rows, by the database's `user_version`.
///
///     1   JSON (`ValueCoding`)
///     2   the binary form (`BinaryFormat`)
///     3   a CRC-32 (UInt32, little-endian) of the row's sequence number (Int64, little-endian)
///         and the payload, then the payload in the binary form
///     4   as 3, but the snapshot's checksum leaves out the bodies of the state's sealed slices,
///         each checked when read (`SealedValue`), so that opening the store does not read
///         every byte of it
///     5   as 4, but a slice may hold sealed parts of its own, each checked when read (to-dos
///         in pages, see `SealedValue`), which a program of version 4 would take for damage
///     6   as 5, but the snapshot keeps its large sealed parts apart, each in a row of the table
///         `parts`, and holds their names (`PartKeptApart`, `SQLiteParts`)
///
/// SQLite checks its own pages only where their structure is broken; a flipped byte inside a
/// blob or a sequence number would be read back as data. Versions 3 to 5 find it.
struct SQLiteRowFormat: Equatable {
    let coding: RecordCoding
    let isChecksummed: Bool
    /// Whether the snapshot's checksum leaves its sealed slices' bodies to their own seals.
    let sealsSlices: Bool
    /// Whether a slice may hold sealed parts of its own. It is read the same way as one that does
    /// not: this tells versions 5 and 6 from version 4, which a program of version 4 would take
    /// for damage.
    let nestsSeals: Bool

    static let newestVersion = 6
    static let newest = SQLiteRowFormat(coding: .binary, isChecksummed: true, sealsSlices: true, nestsSeals: true)
    /// Version 4: slices sealed each on its own, none holding a seal of its own.
    static let slicesSealed = SQLiteRowFormat(coding: .binary, isChecksummed: true, sealsSlices: true)
    /// Version 3: every row, the snapshot too, sealed whole.
    static let sealedWhole = SQLiteRowFormat(coding: .binary, isChecksummed: true)

    private init(coding: RecordCoding, isChecksummed: Bool, sealsSlices: Bool = false, nestsSeals: Bool = false) {
        self.coding = coding
        self.isChecksummed = isChecksummed
        self.sealsSlices = sealsSlices
        self.nestsSeals = nestsSeals
    }

    /// The format of a schema version, or nil for a version this program never wrote.
    init?(version: Int) {
        switch version {
        case 1: self.init(coding: .json, isChecksummed: false)
        case 2: self.init(coding: .binary, isChecksummed: false)
        case 3: self = .sealedWhole
        case 4: self = .slicesSealed
        case 5, Self.newestVersion: self = .newest
        default: return nil
        }
    }

    /// The form of the records of a PostgreSQL store of format `version`: 1 as this store's
    /// version 3, 2 as its 4, 3 as its 5; nil for a version this program never wrote.
    init?(postgresVersion version: Int) {
        switch version {
        case 1: self = .sealedWhole
        case 2: self = .slicesSealed
        case 3: self = .newest
        default: return nil
        }
    }

    /// The blob stored for a batch of changes, `payload`, in the row numbered `sequence`, in the
    /// newest version.
    static func seal(_ payload: [UInt8], sequence: Int64) -> [UInt8] {
        let checksum = Self.checksum(payload[...], sequence: sequence)
        return LittleEndian.bytes(of: checksum) + payload
    }

    /// The blob stored for a snapshot, `payload`, numbered `sequence`, in the newest version.
    static func sealSnapshot(_ payload: [UInt8], sequence: Int64) throws -> [UInt8] {
        let checksum = try SealedValue.frameChecksum(payload, in: payload.indices, startingWith: checksum(sequence))
        return LittleEndian.bytes(of: checksum) + payload
    }

    /// Where the payload lies in a stored blob of changes, or nil when its checksum fails.
    func payloadRange(of blob: [UInt8], sequence: Int64) -> Range<Int>? {
        guard isChecksummed else { return blob.indices }
        guard let stored = Self.storedChecksum(of: blob) else { return nil }
        return Self.checksum(blob[4...], sequence: sequence) == stored ? 4..<blob.count : nil
    }

    /// Where the payload lies in a stored snapshot, or nil when its checksum fails.
    func snapshotPayloadRange(of blob: [UInt8], sequence: Int64) -> Range<Int>? {
        guard sealsSlices else { return payloadRange(of: blob, sequence: sequence) }
        guard let stored = Self.storedChecksum(of: blob) else { return nil }
        let found = try? SealedValue.frameChecksum(blob, in: 4..<blob.count, startingWith: Self.checksum(sequence))
        return found == stored ? 4..<blob.count : nil
    }

    /// Applies to `state` the changes kept in the row numbered `number`, `state` having taken every
    /// row up to `previous`. Where rows are sealed, sequence numbers follow one another, so a row
    /// lost to damage leaves a gap: that, or a failed seal, is `StoreError.unreadable`; a change the
    /// state refuses is `StoreError.refused`. Both name `path`, worked out only then. (The PostgreSQL store keeps its rows
    /// in the newest form too, and reads them here.)
    func apply<State: StoredState>(
        row bytes: [UInt8], numbered number: Int64, following previous: Int64, to state: inout State,
        after steps: ArraySlice<Migration>, path: @autoclosure () -> String
    ) throws {
        guard let payload = payloadRange(of: bytes, sequence: number), !isChecksummed || number == previous + 1 else {
            throw StoreError.unreadable(path: path(), reason: "its change \(previous + 1) is damaged or missing")
        }
        try coding.replay(batchIn: bytes, in: payload, after: steps, to: &state, path: path()) {
            StoreError.refused(change: $0, path: path())
        }
    }

    private static func checksum(_ payload: ArraySlice<UInt8>, sequence: Int64) -> UInt32 {
        CRC32.checksum(payload, startingWith: checksum(sequence))
    }

    /// The checksum of a sequence number alone, which a row's checksum starts from.
    private static func checksum(_ sequence: Int64) -> UInt32 {
        CRC32.checksum((0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: sequence) >> (8 * $0)) })
    }

    private static func storedChecksum(of blob: [UInt8]) -> UInt32? {
        guard blob.count >= 4 else { return nil }
        return LittleEndian.uint32(in: blob, at: 0)
    }
}
