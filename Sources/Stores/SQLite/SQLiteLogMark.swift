import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The number of the last change an SQLite store kept, and which database file it was kept in,
/// written beside the store (`STORE-mark`) after each commit, without a sync.
///
/// A program killed before it copied its log into the database leaves its changes in the log
/// alone; SQLite cannot tell a log deleted or damaged since from one never written, and would read
/// the store as it was before, in silence. The mark can tell: written only after a commit, it can
/// lag the store (a crash before it was written, a writer of an earlier version), never lead it,
/// so a store that ends before the change its mark names has lost its log. And as SQLite finds the
/// log by its name alone, a log that holds changes beside a mark of another database file was
/// written to the file that was there before (a copy restored over the store with `mv` while a
/// program wrote): read with this one, it would be applied to pages that are not its own. A
/// damaged or missing mark says nothing at all: the mark only ever adds a refusal, never a state.
enum SQLiteLogMark {
    /// "ApCoMark", then the file's device and inode, the change's number, and a CRC-32 of them.
    static var size: Int { 36 }
    private static let magic = Array("ApCoMark".utf8)

    static func bytes(file: FileIdentity, sequence: Int64) -> [UInt8] {
        let bytes =
            magic + LittleEndian.bytes(of: file.device) + LittleEndian.bytes(of: file.inode)
            + LittleEndian.bytes(of: UInt64(bitPattern: sequence))
        return bytes + LittleEndian.bytes(of: CRC32.checksum(bytes))
    }

    /// The file and the change the mark at `path` names, or nil where it names none: no mark, or
    /// a damaged one.
    static func read(at path: String) -> (file: FileIdentity, sequence: Int64)? {
        guard let descriptor = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW) else { return nil }
        defer { POSIXFile.close(descriptor) }
        guard let bytes = try? POSIXFile.read(descriptor, from: 0, to: size, path: path), bytes.count == size,
            Array(bytes.prefix(magic.count)) == magic,
            LittleEndian.uint32(in: bytes, at: 32) == CRC32.checksum(bytes.prefix(32))
        else { return nil }
        let file = FileIdentity(
            device: LittleEndian.uint64(in: bytes, at: 8), inode: LittleEndian.uint64(in: bytes, at: 16))
        return (file, Int64(bitPattern: LittleEndian.uint64(in: bytes, at: 24)))
    }
}
