/// How the SQLite store reads its snapshot: whole while it is small; once it is large, all of it
/// but the bodies of its large sealed slices, which stay in the database until a command first
/// uses them (`PendingBytes`). `coin flip` in a store of 100,000 to-dos reads its own slice and
/// none of the to-dos' 30 MB, which SQLite would otherwise copy page by page.
///
/// The snapshot's checksum leaves those bodies out (`SealedValue.frameChecksum`), so it is checked
/// without them; each is checked against its own seal when it is read. A part is read through a
/// connection of its own, in a transaction of its own, and only from the snapshot it was left in:
/// if another program has rewritten the snapshot since, the part is refused, never mistaken for
/// another (`fetch`).
enum SQLiteSnapshotRead {
    /// A sealed slice whose body is at least this long is left in the database when the snapshot
    /// is read. Reading a part later opens a connection of its own, about 400,000 instructions,
    /// which is what reading 1 to 2 MB with the snapshot costs.
    static let partLeftInPlace = 1024 * 1024

    /// The snapshot in `blob`, whose payload (a keyed value of slices) starts at `start`: its
    /// bytes, but for the bodies of the large sealed slices not named in `read`, which are never
    /// read into them and never looked at, and the parts that stand for those slices, each made
    /// by `part` from the slice's name, the range of its sealed value (head and body) and the
    /// bytes of its head.
    static func read(
        _ blob: SQLiteBlob, payloadAt start: Int, except read: Set<String>,
        part: (String, Range<Int>, [UInt8]) -> PendingBytes
    ) throws -> (bytes: [UInt8], pending: PendingParts?) {
        guard blob.count >= partLeftInPlace, let large = try largeSlices(in: blob, payloadAt: start) else {
            return (try blob.bytes(0..<blob.count), nil)
        }
        let parts = large.filter { !read.contains($0.name) }
        guard !parts.isEmpty else { return (try blob.bytes(0..<blob.count), nil) }
        let bytes = try [UInt8](unsafeUninitializedCapacity: blob.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var next = 0
            for slice in parts {
                try blob.read(next..<slice.body.lowerBound, to: base + next)
                next = slice.body.upperBound
            }
            try blob.read(next..<blob.count, to: base + next)
            // The bodies left out are counted in, unread: nothing reads them here, as every
            // reader of the snapshot steps over a sealed body by its length.
            initialized = blob.count
        }
        var pending = PendingParts()
        for slice in parts {
            let value = slice.head.lowerBound..<slice.body.upperBound
            pending[value.lowerBound] = part(slice.name, value, Array(bytes[slice.head]))
        }
        return (bytes, pending)
    }

    /// The sealed entries of the keyed payload at `start` whose bodies are large: the name of each,
    /// its head (its tag, length and checksum) and its body. Nil when the payload does not read
    /// so, which reading it whole then says what is wrong with.
    private static func largeSlices(
        in blob: SQLiteBlob, payloadAt start: Int
    ) throws -> [(name: String, head: Range<Int>, body: Range<Int>)]? {
        // The payload's head, read by hand: `BinaryReader.body` would check its length against
        // the window, not the blob.
        var window = try Window(blob, at: start)
        guard (try? window.reader.tag()) == .keyed, let length = try? window.reader.fixed(UInt32.self),
            let count = try? window.reader.count()
        else { return nil }
        let end = start + 5 + Int(length)
        guard end <= blob.count else { return nil }
        var next = window.offset + window.reader.position
        var slices: [(name: String, head: Range<Int>, body: Range<Int>)] = []
        for _ in 0..<count {
            window = try Window(blob, at: next)
            guard let name = try? window.reader.string() else { return nil }
            let head = window.offset + window.reader.position
            var value = window.reader
            guard (try? value.tag()) == .sealed else {
                guard (try? window.reader.skipValue()) != nil else { return nil }
                next = window.offset + window.reader.position
                continue
            }
            guard let length = try? value.fixed(UInt32.self), (try? value.fixed(UInt32.self)) != nil else { return nil }
            let body = (window.offset + value.position)..<(window.offset + value.position + Int(length))
            guard body.upperBound <= end else { return nil }
            if body.count >= partLeftInPlace { slices.append((name, head..<body.lowerBound, body)) }
            next = body.upperBound
        }
        return slices
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

    /// The part of the snapshot numbered `snapshot` at `range` of its blob, whose head was read as
    /// `head`, read now through a connection of its own to the database at `path`. Refused, as
    /// `UnreadableSlice`, when the snapshot there is no longer that one.
    static func fetch(
        _ range: Range<Int>, head: [UInt8], ofSnapshot snapshot: Int64, at path: String, unchanging: Bool
    ) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            let connection = try SQLiteConnection(path: path, unchanging: unchanging)
            defer { connection.close() }
            // Only ever reads: what is in the log stays there for the programs that write.
            try connection.keepLogOnClose(true)
            try connection.run("BEGIN")
            defer { try? connection.run("COMMIT") }
            guard try connection.integer("SELECT sequence FROM snapshot WHERE id = 1") == snapshot else {
                throw UnreadableSlice(reason: rewritten)
            }
            bytes = try connection.withBlob(table: "snapshot", column: "state", row: 1) { blob in
                guard range.upperBound <= blob.count else { throw UnreadableSlice(reason: rewritten) }
                return try blob.bytes(range)
            }
        } catch let unreadable as UnreadableSlice {
            throw unreadable
        } catch {
            throw UnreadableSlice(reason: "a part of its snapshot left to be read when used cannot be read (\(error))")
        }
        guard bytes.starts(with: head) else { throw UnreadableSlice(reason: rewritten) }
        return bytes
    }

    private static let rewritten =
        "another program rewrote its snapshot while this one was reading it; run the command again"
}
