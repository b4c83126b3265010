import Essentials
import Fractal
import Synchronization

/// The table where the SQLite store keeps the large parts of its snapshot apart, one row a part
/// (`PartKeptApart`): each page of to-dos, each run of their index, any slice of 16 KB or more.
/// The snapshot row then holds their names, a few kilobytes, and a command reads by key the rows
/// of the parts it uses: `todo done` in a store of 100,000 to-dos reads one run of the index and
/// one page, not the 39 MB that SQLite would otherwise walk page by page to reach them.
///
/// A row is never changed: a part written anew is a new row, under a number never used before
/// (`AUTOINCREMENT`), so a name never finds another part's bytes. A part the snapshot no longer
/// names is retired, not deleted: a program that read an earlier snapshot may still read it. It is
/// deleted by the first snapshot written once it has been retired for a while (`retiredFor`,
/// ten minutes) and the snapshot before the one being written does not name it either; the
/// table `retired_parts` says since when.
enum SQLiteParts {
    private static let parts = "parts (id INTEGER PRIMARY KEY AUTOINCREMENT, part BLOB NOT NULL)"
    private static let retired = "retired_parts (id INTEGER PRIMARY KEY, since INTEGER NOT NULL)"
    static let table = "CREATE TABLE " + parts
    static let retiredTable = "CREATE TABLE " + retired
    /// Makes both tables where they are not yet, as a store of version 4 or 5 is moved forward: by
    /// whichever of several programs writing at once comes first. (SQLite keeps each definition
    /// without its `IF NOT EXISTS`, as `table` and `retiredTable` are.)
    static let madeWhereMissing = "CREATE TABLE IF NOT EXISTS \(parts); CREATE TABLE IF NOT EXISTS \(retired);"
    /// The sealed value the row `id` holds, if there is that row.
    static func part(_ id: Int64, in connection: SQLiteConnection) throws -> [UInt8]? {
        var bytes: [UInt8]?
        try connection.run("SELECT part FROM parts WHERE id = ?", [.integer(id)]) { bytes = $0.blob(0) }
        return bytes
    }

    /// SQLite's own table of the last number `AUTOINCREMENT` gave, made with `parts`.
    static let sequenceTable = "CREATE TABLE sqlite_sequence(name,seq)"
    /// A sealed value whose body is at least this long is kept in a row of its own: a page of
    /// to-dos is about 190 KB, a run of the index 20 KB; a feature's slice of a few hundred bytes
    /// stays in the snapshot, which `coin flip` reads with no second look-up.
    static let smallestKeptApart = 16 * 1024
    /// How long a part is kept once no snapshot names it, in seconds.
    static let retiredFor: Int64 = 600

    /// The parts a snapshot row (`SQLiteRowFormat.sealSnapshot`) names; none where it does not
    /// read, which reading it as a state then says.
    static func named(by snapshot: [UInt8]) -> [PartKeptApart] {
        guard snapshot.count > 4 else { return [] }
        return (try? PartKeptApart.names(in: snapshot, range: 4..<snapshot.count)) ?? []
    }

    /// Retires the rows that neither `named`, what the snapshot being written names, nor
    /// `previous`, the snapshot row before it, names, as of `now` (seconds since 1970), and
    /// deletes those retired `retiredFor` seconds or more. A row named again is no longer retired.
    static func retireUnnamed(
        keeping named: [PartKeptApart], and previous: [UInt8]?, now: Int64, retiredFor: Int64,
        in connection: SQLiteConnection
    ) throws {
        var named = Set(named.map(\.number))
        if let previous { named.formUnion(Self.named(by: previous).map(\.number)) }
        var retired: [Int64: Int64] = [:]
        try connection.run("SELECT id, since FROM retired_parts") { retired[$0.integer(0)] = $0.integer(1) }
        var rows: [Int64] = []
        try connection.run("SELECT id FROM parts") { rows.append($0.integer(0)) }
        for id in rows {
            let since = retired.removeValue(forKey: id)
            if id >= 0, named.contains(UInt64(id)) {
                if since != nil { try connection.run("DELETE FROM retired_parts WHERE id = ?", [.integer(id)]) }
            } else if now - (since ?? now) >= retiredFor || (since ?? now) > now {
                // Kept long enough, or retired at a time to come: a clock set back since.
                try connection.run("DELETE FROM parts WHERE id = ?", [.integer(id)])
                if since != nil { try connection.run("DELETE FROM retired_parts WHERE id = ?", [.integer(id)]) }
            } else if since == nil {
                try connection.run(
                    "INSERT INTO retired_parts (id, since) VALUES (?, ?)", [.integer(id), .integer(now)])
            }
        }
        // Retirements of rows no longer there (none, unless the table was edited by hand).
        for id in retired.keys { try connection.run("DELETE FROM retired_parts WHERE id = ?", [.integer(id)]) }
    }
}

/// Keeps the large parts of the snapshot being written as rows of `parts`, in the transaction
/// that writes it (`PartsKeeping.keeper`).
///
/// A class, as a keeper is (`PartsKeeper`); `@unchecked Sendable` because it is used only on the
/// thread that writes the snapshot, inside that encoding, while the journal holds the store's lock.
final class SQLitePartsKeeper: PartsKeeper, @unchecked Sendable {
    private let connection: SQLiteConnection
    /// The reader of the parts of the file being written, whose parts may be named again.
    private let reader: ObjectIdentifier?
    /// The rows there are, by the head of the sealed value each holds (its length and checksum),
    /// read at the first part kept or named again, each row's head alone.
    private var rowsByHead: [[UInt8]: [Int64]]?
    let smallestKeptApart = SQLiteParts.smallestKeptApart

    init(connection: SQLiteConnection, reader: SQLitePartReader?) {
        self.connection = connection
        self.reader = reader.map(ObjectIdentifier.init)
    }

    /// Names the row that already holds `sealed`, byte for byte, where one does, retired or not:
    /// a part written anew as it was (an index run rebuilt with the same ids, a page an undo and
    /// its redo put back) is not kept twice. Else keeps it in a row of its own.
    func keepApart(_ sealed: [UInt8]) throws -> PartKeptApart {
        let head = Array(sealed.prefix(SealedValue.headSize))
        for id in try rows(headed: head) where try SQLiteParts.part(id, in: connection) == sealed {
            return try PartKeptApart(number: UInt64(id), sealed: sealed)
        }
        try connection.run("INSERT INTO parts (part) VALUES (?)", [.blob(sealed)])
        let id = try connection.lastInsertedRow
        rowsByHead?[head, default: []].append(id)
        return try PartKeptApart(number: UInt64(id), sealed: sealed)
    }

    /// The rows whose sealed value has the head `head`.
    private func rows(headed head: [UInt8]) throws -> [Int64] {
        if rowsByHead == nil {
            var rows: [[UInt8]: [Int64]] = [:]
            // 9: the bytes of a seal before its body (`SealedValue.headSize`).
            try connection.run("SELECT id, substr(part, 1, 9) FROM parts") { row in
                rows[row.blob(1), default: []].append(row.integer(0))
            }
            rowsByHead = rows
        }
        return rowsByHead?[head] ?? []
    }

    /// A part read from this database file and unchanged since keeps its row, while the row is
    /// there (retired or not: the snapshot written names it again); one deleted since (which only
    /// a state read long ago can name), or read from another store, is read and kept anew, or,
    /// gone, refused as `UnreadableSlice`.
    func keepAgain(_ part: PartKeptApart, bytes: PendingBytes) throws -> [UInt8] {
        if bytes.reader == reader, let number = Int64(exactly: part.number),
            try rows(headed: part.sealedHead).contains(number)
        {
            return part.bytes
        }
        return try keepCopy(of: part, bytes: bytes)
    }
}

/// Reads the parts a snapshot keeps apart, each by its number, through a connection of its own to
/// the database: the journal's own connection is used under the store's lock, and a part may be
/// read by any thread at any time, inside a change the journal is writing or after the program is
/// done with the store.
///
/// It reads only the file the journal opened: before each part, the path must still name that
/// file, and a connection is opened only once it names it before and after, so that this program
/// never holds two connections to two files that share the `-shm` index by its name, each taking
/// the other's locks for its own. The connection is kept for the next part while the journal holds
/// the file; once the journal is done with it (`release`), each part opens and closes one. Once
/// the journal finds the file replaced (`close`), a part asked for is refused, as is one whose row
/// is gone (retired long since, see `SQLiteParts`): `UnreadableSlice`, which says to run the
/// command again.
///
/// A class, because it owns the connection, which its parts share and which is closed once.
final class SQLitePartReader: Sendable {
    private let path: String
    private let file: FileIdentity
    private let unchanging: Bool
    private let state: Mutex<Connection>

    private enum Connection {
        case notOpened
        case open(SQLiteConnection)
        /// The journal is done with the file: a connection for each part.
        case released
        /// The path names another file now.
        case closed
    }

    init(path: String, file: FileIdentity, unchanging: Bool) {
        (self.path, self.file, self.unchanging) = (path, file, unchanging)
        state = Mutex(.notOpened)
    }

    deinit { close() }

    /// The parts of the snapshot, as a decoder reads them.
    var parts: PartsKeptApart {
        PartsKeptApart { [self] name in PendingBytes(from: self) { try self.bytes(of: name.number) } }
    }

    /// The bytes of part `number`: the sealed value its row holds.
    func bytes(of number: UInt64) throws -> [UInt8] {
        do {
            return try state.withLock { state in
                if case .closed = state { throw UnreadableSlice(reason: Self.replaced) }
                guard try POSIXFile.status(path)?.identity == file else {
                    if case .open(let connection) = state { connection.close() }
                    state = .closed
                    throw UnreadableSlice(reason: Self.replaced)
                }
                let connection: SQLiteConnection
                switch state {
                case .open(let open): connection = open
                case .notOpened, .released, .closed: connection = try open()
                }
                if case .notOpened = state { state = .open(connection) }
                defer { if case .released = state { connection.close() } }
                guard let id = Int64(exactly: number), let bytes = try SQLiteParts.part(id, in: connection) else {
                    throw Self.missing(number, in: connection)
                }
                return bytes
            }
        } catch let error as StoreError {
            // The database could not be opened or read (gone, or out of file handles): said in
            // SQLite's or the system's words, without the store's name, which the error this
            // becomes gives.
            throw UnreadableSlice(reason: "a part of its snapshot kept apart cannot be read (\(error.reason))")
        }
    }

    /// The journal is done with the file: the connection is closed, and each part asked for
    /// after opens one of its own.
    func release() {
        state.withLock { state in
            guard case .open(let connection) = state else {
                if case .notOpened = state { state = .released }
                return
            }
            connection.close()
            state = .released
        }
    }

    /// The path names another file: the connection is closed, and a part asked for is refused.
    func close() {
        state.withLock { state in
            if case .open(let connection) = state { connection.close() }
            state = .closed
        }
    }

    /// Why part `number` is not there: the snapshot there now still names it, so the store is
    /// damaged; or another program wrote snapshots since, long enough ago that the part went.
    private static func missing(_ number: UInt64, in connection: SQLiteConnection) -> UnreadableSlice {
        var snapshot: [UInt8] = []
        try? connection.run("SELECT state FROM snapshot WHERE id = 1") { snapshot = $0.blob(0) }
        guard !SQLiteParts.named(by: snapshot).contains(where: { $0.number == number }) else {
            return UnreadableSlice(
                reason: "its part \(number), which its snapshot names, is missing (the store is damaged)")
        }
        return UnreadableSlice(
            reason: "another program rewrote its snapshot while this one was reading it; run the command again")
    }

    /// A connection to the file the journal opened, checked to be that file once SQLite has it.
    private func open() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, unchanging: unchanging)
        guard try POSIXFile.status(path)?.identity == file else {
            connection.close()
            throw UnreadableSlice(reason: Self.replaced)
        }
        // Only ever reads: what is in the log stays there for the programs that write.
        try connection.keepLogOnClose(true)
        return connection
    }

    private static let replaced =
        "another program replaced its file while this one was reading it; run the command again"
}
