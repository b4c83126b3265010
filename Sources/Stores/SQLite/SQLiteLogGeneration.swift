import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which generation of an SQLite write-ahead log is beside a store: the two salts of its header
/// (bytes 16 to 23), which SQLite draws anew each time it starts the log over, once every change in
/// it was copied into the database. The frames of a log carry its salts, so a log of the same
/// salts holds the same changes and more; a log of other salts began after the database held all
/// the changes of the one before.
struct SQLiteLogGeneration: Equatable {
    /// The eight bytes of the salts, as one number, never 0 (the mark's word for "no log").
    let salts: UInt64

    init(salts: UInt64) {
        self.salts = salts
    }

    /// The generation of the log at `path`, or nil where it holds no change: no file, one no longer
    /// than its header (SQLite empties it once it copied it), or one SQLite would not read as a log.
    static func read(at path: String) -> SQLiteLogGeneration? {
        guard let descriptor = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else { return nil }
        defer { POSIXFile.close(descriptor) }
        guard let header = logHeader(of: descriptor, path: path) else { return nil }
        let salts = LittleEndian.uint64(in: header, at: 16)
        return salts == 0 ? nil : SQLiteLogGeneration(salts: salts)
    }

    /// Whether the log at `path` holds frames of its own generation past its first `limit` bytes.
    /// A log copied into the database is written over from its start, its file kept as long as
    /// it grew: frames past the end of the newest generation are of older ones, and each frame
    /// repeats the salts of the generation it was written in (bytes 8 to 15 of its header).
    static func holdsFrames(past limit: Int, at path: String) -> Bool {
        guard let descriptor = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else { return false }
        defer { POSIXFile.close(descriptor) }
        guard let header = logHeader(of: descriptor, path: path),
            let size = try? POSIXFile.status(of: descriptor, path: path).size
        else { return false }
        // The page size, big-endian, written whole (65,536 too, unlike the database's header).
        let frameSize = 24 + Int(BigEndian.uint32(in: header, at: 8))
        // The first frame that ends past the limit, there whole.
        let start = 32 + max(0, limit - 32) / frameSize * frameSize
        guard size >= start + frameSize,
            let frame = try? POSIXFile.read(descriptor, from: start, to: start + 24, path: path)
        else { return false }
        return frame[8..<16] == header[16..<24]
    }

    /// The 32 bytes of a log's header, where the file is longer than its header and the header is
    /// one SQLite would read as a log's. (A byte past the header is asked for, rather than the
    /// file's size: every program reads a log's header several times.)
    private static func logHeader(of descriptor: Int32, path: String) -> [UInt8]? {
        guard let bytes = try? POSIXFile.read(descriptor, atMost: 33, from: 0, path: path), bytes.count > 32,
            bytes[0..<3] == [0x37, 0x7F, 0x06], bytes[3] & 0xFE == 0x82
        else { return nil }
        return Array(bytes.prefix(32))
    }
}
