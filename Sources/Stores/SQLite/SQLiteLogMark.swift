import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The number of the last change an SQLite store kept, written beside the store (`STORE-mark`)
/// after each commit, without a sync, and which store and which log it was kept in.
///
/// The write-ahead log stays between programs, so that a change costs one sync; but SQLite cannot
/// tell a log deleted or damaged since from one never written, and would read the store as it was
/// before, in silence. The mark can tell: written only after a commit, it can lag the store (a
/// crash before it was written, a writer of an earlier version), never lead it, so a store that
/// ends before the change its mark names has lost its log. And as SQLite finds the log by its name
/// alone, a log that holds changes beside a database the mark does not name was written to the
/// file that was there before (a copy put in place of the store with `mv` or `cp`): read with this
/// one, it would be applied to pages that are not its own. A damaged or missing mark says nothing
/// at all: the mark only ever adds a refusal, never a state.
enum SQLiteLogMark: Equatable {
    /// Written by earlier versions, which copied the log into the database at the end of each run:
    /// the database by its device and inode, which a copy of the store does not keep.
    case file(FileIdentity, sequence: Int64)
    /// The database by the identity kept inside it (`SQLiteStoreIdentity`), which a copy keeps.
    case store(SQLiteStoreMark)

    /// The number of the last change kept.
    var sequence: Int64 {
        switch self {
        case .file(_, let sequence): sequence
        case .store(let mark): mark.sequence
        }
    }

    /// The database file the change was kept in.
    var file: FileIdentity {
        switch self {
        case .file(let file, _): file
        case .store(let mark): mark.file
        }
    }

    private static let fileMagic = Array("ApCoMark".utf8)
    private static let storeMagic = Array("ApCoMrk2".utf8)

    /// "ApCoMrk2", the store's identity (16 bytes), the change's number, the log's salts, the
    /// change the database held as that log began, the file's device and inode, and a CRC-32 of
    /// them: 68 bytes.
    static func bytes(of mark: SQLiteStoreMark) -> [UInt8] {
        let bytes =
            storeMagic + mark.identity + LittleEndian.bytes(of: UInt64(bitPattern: mark.sequence))
            + LittleEndian.bytes(of: mark.log?.salts ?? 0) + LittleEndian.bytes(of: UInt64(bitPattern: mark.base))
            + LittleEndian.bytes(of: mark.file.device) + LittleEndian.bytes(of: mark.file.inode)
        return bytes + LittleEndian.bytes(of: CRC32.checksum(bytes))
    }

    /// What the mark at `path` says, or nil where it says nothing: no mark, or a damaged one.
    static func read(at path: String) -> SQLiteLogMark? {
        guard let descriptor = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW) else { return nil }
        defer { POSIXFile.close(descriptor) }
        return read(from: descriptor, path: path)
    }

    /// The same, from a descriptor open on the mark.
    static func read(from descriptor: Int32, path: String) -> SQLiteLogMark? {
        guard let bytes = try? POSIXFile.read(descriptor, atMost: 68, from: 0, path: path) else { return nil }
        if bytes.count >= 36, bytes.starts(with: fileMagic),
            LittleEndian.uint32(in: bytes, at: 32) == CRC32.checksum(bytes.prefix(32))
        {
            // An earlier version's mark, 36 bytes: "ApCoMark", the device and inode, the change's
            // number, and a CRC-32 of them. (A longer mark it wrote its own over keeps its tail.)
            let file = FileIdentity(
                device: LittleEndian.uint64(in: bytes, at: 8), inode: LittleEndian.uint64(in: bytes, at: 16))
            return .file(file, sequence: Int64(bitPattern: LittleEndian.uint64(in: bytes, at: 24)))
        }
        guard bytes.count >= 68, bytes.starts(with: storeMagic),
            LittleEndian.uint32(in: bytes, at: 64) == CRC32.checksum(bytes.prefix(64))
        else { return nil }
        let salts = LittleEndian.uint64(in: bytes, at: 32)
        return .store(
            SQLiteStoreMark(
                identity: Array(bytes[8..<24]), sequence: Int64(bitPattern: LittleEndian.uint64(in: bytes, at: 24)),
                log: salts == 0 ? nil : SQLiteLogGeneration(salts: salts),
                base: Int64(bitPattern: LittleEndian.uint64(in: bytes, at: 40)),
                file: FileIdentity(
                    device: LittleEndian.uint64(in: bytes, at: 48), inode: LittleEndian.uint64(in: bytes, at: 56))))
    }
}

/// What a mark of this version says: the change `sequence` was kept in the store of `identity`,
/// in the log of generation `log` (nil: the log was empty once it was kept), and the database file
/// alone held at least change `base` when that log began, so it holds at least that as long as
/// that log is beside it. `file` is the database file it was written beside, which a program
/// still writing a file replaced since looks for before it copies the log into that file.
struct SQLiteStoreMark: Equatable {
    let identity: [UInt8]
    let sequence: Int64
    let log: SQLiteLogGeneration?
    let base: Int64
    let file: FileIdentity

    /// Whether the mark was written beside the database of `identity` kept in `file`: by its
    /// identity or, where none can be read in it (a store an earlier version made, an identity
    /// damaged), by its file, as earlier versions named it.
    func names(identity: [UInt8]?, file: FileIdentity?) -> Bool {
        guard let identity else { return file == self.file }
        return identity == self.identity
    }
}
