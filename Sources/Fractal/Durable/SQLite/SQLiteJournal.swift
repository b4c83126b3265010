import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SQLite store's journal: a snapshot row and a table of changes since, in WAL mode, each
/// commit synced (`synchronous = FULL`).
///
/// The write-ahead log outlives the program: it is copied into the database only once it holds
/// more than `logLimit` bytes, not each time a program ends. Copying it at every end took four of
/// the five syncs of a `todo add`, and made it slower than the whole of `task add`. The store is
/// therefore the database together with its `-wal` file, as SQLite's WAL mode always has it.
///
/// A class, because it owns the database connection.
final class SQLiteJournal<State: Changeable>: Journal {
    /// Marks a database as ours, in its header (`PRAGMA application_id`): "ApCo".
    static var applicationID: Int64 { 0x4170_436F }
    /// The newest schema this program writes (`PRAGMA user_version`): the tables are the same in
    /// every version, the blobs in them are coded as `RecordCoding` says.
    static var schemaVersion: Int64 { Int64(RecordCoding.newestVersion) }
    /// How large the log grows before a writer copies it into the database and empties it. Every
    /// start reads the whole log, so it is kept to a few dozen pages.
    static var logLimit: Int { 128 * 1024 }

    let path: String
    /// SQLite's write-ahead log, beside the database.
    private let logPath: String
    private let connection: SQLiteConnection
    /// How the blobs of the database are written, by its `user_version`.
    private var coding = RecordCoding.binary

    private var sequence: Int64 = 0
    private var snapshotSequence: Int64 = 0
    private var snapshotBytes = 0
    private var changeBytes = 0
    private var dataVersion: Int64 = -1
    private var forgotten = false

    /// Opens the database at `path`, creating it with `initial` when no file is there.
    init(path: String, initial: State) throws {
        self.path = path
        logPath = path + "-wal"
        if try POSIXFile.status(path) == nil { try Self.create(at: path, initial: initial) }
        try Self.checkHeader(of: path)
        connection = try SQLiteConnection(path: path)
        coding = try checkSchema()
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.keepLogOnClose()
        // SQLite's own copying is left off: it never empties a log that a program before this one
        // wrote, so the log would only grow. `keepLogSmall` empties it instead.
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        if coding != .binary { try migrate() }
    }

    func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        let result = try transaction("BEGIN IMMEDIATE", body)
        keepLogSmall()
        return result
    }

    func shared<Result>(_ body: () throws -> Result) throws -> Result {
        try transaction("BEGIN", body)
    }

    func load() throws -> State {
        guard let snapshotAt = try storedSnapshotSequence() else {
            throw StoreError.unreadable(path: path, reason: "its snapshot is missing")
        }
        let bytes = try connection.blob(table: "snapshot", column: "state", row: 1)
        var state = try decode(State.self, from: bytes)
        snapshotSequence = snapshotAt
        snapshotBytes = bytes.count
        sequence = snapshotSequence
        changeBytes = 0
        try applyChanges(to: &state)
        dataVersion = try currentDataVersion()
        forgotten = false
        return state
    }

    func catchUp(_ state: inout State) throws {
        let version = try currentDataVersion()
        guard forgotten || version != dataVersion else { return }  // nobody else wrote since
        guard !forgotten, try storedSnapshotSequence() == snapshotSequence
        else {
            state = try load()
            return
        }
        try applyChanges(to: &state)
        dataVersion = version
    }

    func append(_ changes: [State.Change], reaching state: State) throws {
        let batch = try RecordCoding.binary.encode(batch: changes)
        try connection.run(
            "INSERT INTO changes (sequence, batch) VALUES (?, ?)", [.integer(sequence + 1), .blob(batch)])
        sequence += 1
        changeBytes += batch.count
        if CompactionPolicy.shouldCompact(changeBytes: changeBytes, snapshotBytes: snapshotBytes) {
            try writeSnapshot(state, at: sequence)
            try connection.run("DELETE FROM changes WHERE sequence <= ?", [.integer(sequence)])
        }
    }

    func replace(with state: State) throws {
        try connection.run("DELETE FROM changes")
        sequence += 1
        try writeSnapshot(state, at: sequence)
    }

    func forget() {
        forgotten = true
    }

    func destroy() throws {
        connection.close()
        for suffix in ["", "-wal", "-shm", "-journal"] { try POSIXFile.remove(path + suffix) }
    }

    /// Rewrites a database of an older version in the newest, in one transaction: the state as
    /// one snapshot, no changes after it. Another process may have done it first.
    private func migrate() throws {
        try exclusively {
            coding = try checkSchema()
            guard coding != .binary else { return }
            let state = try load()
            coding = .binary
            try connection.run("DELETE FROM changes")
            try writeSnapshot(state, at: sequence)
            try connection.execute("PRAGMA user_version = \(Self.schemaVersion)")
        }
    }

    private func writeSnapshot(_ state: State, at sequence: Int64) throws {
        let bytes = try RecordCoding.binary.encode(state)
        try connection.run(
            "UPDATE snapshot SET sequence = ?, state = ? WHERE id = 1", [.integer(sequence), .blob(bytes)])
        snapshotSequence = sequence
        snapshotBytes = bytes.count
        changeBytes = 0
    }

    private func applyChanges(to state: inout State) throws {
        try connection.run(
            "SELECT sequence, batch FROM changes WHERE sequence > ? ORDER BY sequence",
            [
                .integer(sequence)
            ]
        ) { row in
            let bytes = row.blob(1)
            do {
                try state.apply(try decode(batchFrom: bytes))
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError.unreadable(path: path, reason: "a kept change no longer applies: \(error)")
            }
            sequence = row.integer(0)
            changeBytes += bytes.count
        }
    }

    /// Copies the log into the database and empties it, once it has grown past `logLimit`. What
    /// was written is already kept, in the log: a failure here, such as another process still
    /// reading, only leaves the copying to the next writer.
    private func keepLogSmall() {
        guard let log = try? POSIXFile.status(logPath), log.size > Self.logLimit else { return }
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The sequence number of the snapshot the database holds, if it holds one.
    private func storedSnapshotSequence() throws -> Int64? {
        try connection.integer("SELECT sequence FROM snapshot WHERE id = 1")
    }

    /// A number that changes whenever another connection commits (`PRAGMA data_version`).
    private func currentDataVersion() throws -> Int64 {
        try connection.integer("PRAGMA data_version") ?? 0
    }

    private func transaction<Result>(_ begin: String, _ body: () throws -> Result) throws -> Result {
        try connection.run(begin)
        do {
            let result = try body()
            try connection.run("COMMIT")
            return result
        } catch {
            try? connection.run("ROLLBACK")
            throw error
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        try readable { try coding.decode(type, from: bytes) }
    }

    private func decode(batchFrom bytes: [UInt8]) throws -> [State.Change] {
        try readable { try coding.decode(batch: [State.Change].self, from: bytes) }
    }

    /// Runs a read; what fails in it is a record that does not hold what this program wrote.
    private func readable<Value>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch {
            throw StoreError.unreadable(path: path, reason: "a record does not hold what this program wrote: \(error)")
        }
    }

    /// Reads only pragmas and our own tables: a database that is not ours is never written to.
    /// Returns how the blobs of this version are written.
    private func checkSchema() throws -> RecordCoding {
        let application = try connection.integer("PRAGMA application_id") ?? 0
        guard application == Self.applicationID else {
            throw StoreError.unreadable(
                path: path,
                reason: "it is an SQLite database of another application or schema (application_id \(application))")
        }
        let version = try connection.integer("PRAGMA user_version") ?? 0
        guard version <= Self.schemaVersion else {
            throw StoreError.newerFormat(path: path, found: Int(version), newestKnown: Int(Self.schemaVersion))
        }
        guard let coding = RecordCoding(version: Int(version)) else {
            throw StoreError.unreadable(path: path, reason: "schema version \(version) is not one this program wrote")
        }
        return coding
    }

    /// Refuses, before SQLite touches it, a file that is empty or not an SQLite database at all.
    private static func checkHeader(of path: String) throws {
        let descriptor = try POSIXFile.open(path, O_RDONLY)
        defer { POSIXFile.close(descriptor) }
        let size = try POSIXFile.status(of: descriptor, path: path).size
        let header = try POSIXFile.read(descriptor, from: 0, to: min(size, 16), path: path)
        guard !header.isEmpty else {
            throw StoreError.unreadable(path: path, reason: "the file is empty, so it is not an AppCore store")
        }
        guard header == Array("SQLite format 3\0".utf8) else {
            let start = header.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
            throw StoreError.unreadable(
                path: path, reason: "it is not an SQLite database (it starts with the bytes \(start))")
        }
    }

    /// Builds a new database beside `path`, then links it into place in one step, so that no
    /// other process ever sees a half-made store.
    private static func create(at path: String, initial: State) throws {
        let temporary = "\(path).new-\(getpid())"
        for suffix in ["", "-wal", "-shm", "-journal"] { try POSIXFile.remove(temporary + suffix) }
        do {
            let connection = try SQLiteConnection(path: temporary, create: true)
            try connection.execute(
                """
                PRAGMA application_id = \(applicationID);
                PRAGMA user_version = \(schemaVersion);
                PRAGMA journal_mode = WAL;
                CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), sequence INTEGER NOT NULL, state BLOB NOT NULL);
                CREATE TABLE changes (sequence INTEGER PRIMARY KEY, batch BLOB NOT NULL);
                """)
            try connection.run(
                "INSERT INTO snapshot (id, sequence, state) VALUES (1, 0, ?)",
                [.blob(RecordCoding.binary.encode(initial))])
            connection.close()
            guard link(temporary, path) == 0 || errno == EEXIST else {
                throw StoreError.failed(path: path, operation: "create", reason: String(cString: strerror(errno)))
            }
            try POSIXFile.syncFolder(of: path)
        } catch {
            try? POSIXFile.remove(temporary)
            throw error
        }
        try POSIXFile.remove(temporary)
    }
}
