/// How the SQLite store writes the blobs of its rows, by the database's `user_version`.
///
///     1   JSON (`ValueCoding`)
///     2   the binary form (`BinaryFormat`)
///     3   a CRC-32 (UInt32, little-endian) of the row's sequence number (Int64, little-endian)
///         and the payload, then the payload in the binary form
///
/// SQLite checks its own pages only where their structure is broken; a flipped byte inside a
/// blob or a sequence number would be read back as data. Version 3 finds it.
struct SQLiteRowFormat: Equatable {
    let coding: RecordCoding
    let isChecksummed: Bool

    static let newestVersion = 3
    static let newest = SQLiteRowFormat(coding: .binary, isChecksummed: true)

    private init(coding: RecordCoding, isChecksummed: Bool) {
        self.coding = coding
        self.isChecksummed = isChecksummed
    }

    /// The format of a schema version, or nil for a version this program never wrote.
    init?(version: Int) {
        switch version {
        case 1: self.init(coding: .json, isChecksummed: false)
        case 2: self.init(coding: .binary, isChecksummed: false)
        case Self.newestVersion: self = .newest
        default: return nil
        }
    }

    /// The blob stored for `payload` in the row numbered `sequence`, in the newest version.
    static func seal(_ payload: [UInt8], sequence: Int64) -> [UInt8] {
        let checksum = Self.checksum(payload[...], sequence: sequence)
        return (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) } + payload
    }

    /// Where the payload lies in a stored blob, or nil when its checksum fails.
    func payloadRange(of blob: [UInt8], sequence: Int64) -> Range<Int>? {
        guard isChecksummed else { return blob.indices }
        guard blob.count >= 4 else { return nil }
        let stored = (0..<4).reduce(UInt32(0)) { $0 | UInt32(blob[$1]) << (8 * $1) }
        return Self.checksum(blob[4...], sequence: sequence) == stored ? 4..<blob.count : nil
    }

    /// Applies to `state` the changes kept in the row numbered `number`, `state` having taken every
    /// row up to `previous`. Where rows are sealed, sequence numbers follow one another, so a row
    /// lost to damage leaves a gap: that, or a failed seal, is `StoreError.unreadable`; a change the
    /// state refuses is `StoreError.refused`. Both name `path`, worked out only then. (The PostgreSQL store keeps its rows
    /// in the newest form too, and reads them here.)
    func apply<State: Changeable>(
        row bytes: [UInt8], numbered number: Int64, following previous: Int64, to state: inout State,
        after steps: ArraySlice<Migration>, path: @autoclosure () -> String
    ) throws {
        guard let payload = payloadRange(of: bytes, sequence: number), !isChecksummed || number == previous + 1 else {
            throw StoreError.unreadable(path: path(), reason: "its change \(previous + 1) is damaged or missing")
        }
        let batch = try StoreError.reading(path()) {
            try coding.decode(batch: [State.Change].self, from: bytes, in: payload, after: steps)
        }
        do {
            try state.replay(batch)
        } catch {
            throw StoreError.refused(change: error, path: path())
        }
    }

    private static func checksum(_ payload: ArraySlice<UInt8>, sequence: Int64) -> UInt32 {
        let number = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: sequence) >> (8 * $0)) }
        return CRC32.checksum(payload, startingWith: CRC32.checksum(number))
    }
}
