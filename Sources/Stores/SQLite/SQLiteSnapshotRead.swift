import Essentials
import Fractal

/// How the SQLite store reads its snapshot as a program opens it: whole while it is small; once it
/// is large, all of it but the bodies of its large sealed slices, which stay in the database until
/// a command first uses them (`PendingBytes`). `coin flip` in a store of 100,000 to-dos reads its
/// own slice and none of the to-dos' 30 MB, which SQLite would otherwise copy page by page.
///
/// The snapshot's checksum leaves those bodies out (`SealedValue.frameChecksum`), so it is checked
/// without them; each is checked against its own seal when it is read. A part is read through a
/// connection of its own, in a transaction of its own, and only if the snapshot still holds it
/// where it was, under the same head (its length and checksum): if another program has rewritten
/// the snapshot since and the part is not there as it was, it is refused, never mistaken for
/// another (`fetch`).
enum SQLiteSnapshotRead {
    /// A sealed slice whose body is at least this long is left in the database when the snapshot
    /// is read. Reading a part later opens a connection of its own, about 400,000 instructions,
    /// which is what reading 1 to 2 MB with the snapshot costs.
    static let smallestBodyLeftInPlace = 1024 * 1024

    /// The snapshot in `blob`, whose payload (a keyed value of slices) starts at `start`: its
    /// bytes, but for the bodies of the large sealed entries, which are never read into them and
    /// never looked at, and the parts that stand for those entries, each made by `part` from the
    /// range of its sealed value (head and body) and the bytes of its head.
    static func read(
        _ blob: SQLiteBlob, payloadAt start: Int, part: (Range<Int>, [UInt8]) -> PendingBytes
    ) throws -> (bytes: [UInt8], pending: PendingParts?) {
        guard blob.count >= smallestBodyLeftInPlace, let parts = try largeEntries(in: blob, payloadAt: start),
            !parts.isEmpty
        else { return (try blob.bytes(0..<blob.count), nil) }
        let bytes = try [UInt8](unsafeUninitializedCapacity: blob.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var next = 0
            for entry in parts {
                try blob.read(next..<entry.body.lowerBound, to: base + next)
                next = entry.body.upperBound
            }
            try blob.read(next..<blob.count, to: base + next)
            // The bodies left out are counted in, unread: a reader of the snapshot steps over a
            // sealed body by its length, and only a `Slice` reads one, from the store; a part
            // some other reader would read is never left out (`PendingParts.allClaimed`).
            initialized = blob.count
        }
        var pending: [Int: PendingBytes] = [:]
        for entry in parts {
            pending[entry.head.lowerBound] = part(
                entry.head.lowerBound..<entry.body.upperBound, Array(bytes[entry.head]))
        }
        return (bytes, PendingParts(pending))
    }

    /// The sealed entries of the keyed payload at `start` whose bodies are large: the head of each
    /// (its tag, length and checksum) and its body. Nil when the payload does not read so, or an
    /// entry that is not sealed does not fit in a `Window`, which reading it whole then reads or
    /// says what is wrong with.
    private static func largeEntries(
        in blob: SQLiteBlob, payloadAt start: Int
    ) throws -> [(head: Range<Int>, body: Range<Int>)]? {
        // The payload's head, read by hand: `BinaryReader.body` would check its length against
        // the window, not the blob.
        var window = try Window(blob, at: start)
        guard (try? window.reader.tag()) == .keyed, let length = try? window.reader.fixed(UInt32.self),
            let count = try? window.reader.count(), start + 5 + Int(length) == blob.count
        else { return nil }
        var next = window.offset + window.reader.position
        var entries: [(head: Range<Int>, body: Range<Int>)] = []
        for _ in 0..<count {
            window = try Window(blob, at: next)
            guard (try? window.reader.stringRange()) != nil else { return nil }
            let head = window.offset + window.reader.position
            var value = window.reader
            guard (try? value.tag()) == .sealed else {
                guard (try? window.reader.skipValue()) != nil else { return nil }
                next = window.offset + window.reader.position
                continue
            }
            guard let length = try? value.fixed(UInt32.self), (try? value.fixed(UInt32.self)) != nil else { return nil }
            let body = (window.offset + value.position)..<(window.offset + value.position + Int(length))
            guard body.upperBound <= blob.count else { return nil }
            if body.count >= smallestBodyLeftInPlace { entries.append((head..<body.lowerBound, body)) }
            next = body.upperBound
        }
        return entries
    }

    /// The first bytes of the blob from `offset` on, enough for an entry's key and the head of
    /// its value: a reader of them, whose positions count from `offset`.
    private struct Window {
        static let length = 1024
        let offset: Int
        var reader: BinaryReader

        init(_ blob: SQLiteBlob, at offset: Int) throws {
            self.offset = offset
            let bytes = try blob.bytes(offset..<min(blob.count, offset + Self.length))
            reader = BinaryReader(bytes)
        }
    }

    /// The part at `range` of the snapshot, whose head was read as `head`, read now through a
    /// connection of its own to the database at `path`, which must still be `file`, the one this
    /// program opened. Refused, as `UnreadableSlice`, when the file was replaced, or the snapshot
    /// there no longer holds the part there under that head: another program rewrote it, and
    /// changed the part or moved it. (One that rewrote it with the part as it was, where it was,
    /// holds the very bytes this program left there, which its seal checks when they are read.)
    static func fetch(
        _ range: Range<Int>, head: [UInt8], from file: FileIdentity, at path: String, unchanging: Bool
    ) throws -> [UInt8] {
        let bytes: [UInt8]?
        do {
            // The same file before and after SQLite opens it, so the one SQLite opened. A file put
            // in its place (a copy restored by a rename) is refused before anything reads it:
            // this program's two connections would keep two indexes of the one `-shm` file beside
            // it, each taking the other's locks for its own, and the first's memory map of it
            // could be cut short under it.
            guard try POSIXFile.status(path)?.identity == file else { throw UnreadableSlice(reason: replaced) }
            let connection = try SQLiteConnection(path: path, unchanging: unchanging)
            defer { connection.close() }
            guard try POSIXFile.status(path)?.identity == file else { throw UnreadableSlice(reason: replaced) }
            // Only ever reads: what is in the log stays there for the programs that write.
            try connection.keepLogOnClose(true)
            try connection.run("BEGIN")
            defer { try? connection.run("COMMIT") }
            bytes = try connection.withBlob(table: "snapshot", column: "state", row: 1) { blob in
                range.upperBound <= blob.count ? try blob.bytes(range) : nil
            }
        } catch let error as StoreError {
            // The database could not be opened or read (gone, or out of file handles): said in
            // SQLite's or the system's words, without the store's name, which the error this
            // becomes gives.
            throw UnreadableSlice(
                reason: "a part of its snapshot left to be read when used cannot be read (\(error.reason))")
        }
        guard let bytes, bytes.starts(with: head) else {
            throw UnreadableSlice(
                reason: "another program rewrote its snapshot while this one was reading it; run the command again")
        }
        return bytes
    }

    private static let replaced =
        "another program replaced its file while this one was reading it; run the command again"
}
