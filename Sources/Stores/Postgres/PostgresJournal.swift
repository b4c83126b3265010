import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PostgreSQL store's journal: one row of `appcore_stores` for the store (its version, its
/// snapshot and the number of its last change), and one row of `appcore_changes` for each change
/// since. Many stores share the two tables, each by its name.
///
/// The store's row holds the number of its last change, written in the transaction of each
/// change, so that a change row lost at the end is missed as one lost in the middle is. Tables
/// made before that number was kept have no column for it: the first writer that may adds it
/// (`ALTER TABLE … ADD COLUMN IF NOT EXISTS`), and until a change sets it a store's number is
/// unknown, and only the order of its rows is checked, as it was.
///
/// A writer locks the store's row (`SELECT … FOR UPDATE`) inside a transaction, catches up with
/// the changes other writers committed, appends its own, and says so with `NOTIFY appcore` and
/// the store's name, which a watching program hears. Each snapshot and change is sealed with a
/// checksum of its sequence number and bytes, as the SQLite store's rows are
/// (`SQLiteRowFormat`): the server keeps what it is given, and a damaged row reads as damage.
///
/// A class, because it owns the connection.
final class PostgresJournal<State: StoredState>: Journal, SoundnessCheck {
    /// The version of the store's records: 1, the binary form sealed by a checksum, as the SQLite
    /// store's rows of version 3; 2, its snapshot sealed slice by slice besides, as those of version
    /// 4; 3, a slice holding sealed parts of its own besides, as those of version 5.
    static var formatVersion: Int { 3 }
    /// The newest version this program writes: the format, and every migration of the state.
    static var newestVersion: StoredVersion { StoredVersion(format: formatVersion, schema: State.migrations.count) }
    /// The channel every PostgreSQL store notifies on, each change's payload the store's name.
    static var channel: String { "appcore" }

    let location: PostgresLocation
    var path: String { location.description }
    private let connection: PostgresConnection
    /// The state's migrations that the store as last loaded has not had.
    private var steps: ArraySlice<Migration> = []
    private var isNewest = true
    /// How the snapshot as last loaded is sealed, by the store's version.
    private var format = SQLiteRowFormat.newest

    private var sequence: Int64 = 0
    private var snapshotSequence: Int64 = 0
    private var snapshotBytes = 0
    private var changeBytes = 0
    private var forgotten = false
    var isSound = true
    private let initial: State
    /// Whether the tables were there when last looked for.
    private var tablesExist = false
    /// Whether the tables have the column `last_sequence`.
    private var keepsLastSequence = false
    /// Whether this program tried to add that column (which only the tables' owner may do).
    private var triedToAddLastSequence = false
    /// The store's row as read when it was locked, for this transaction.
    private var lockedHead: Head?
    private var wroteInTransaction = false

    /// Connects, and checks the tables where they are there. Nothing is written: the tables and
    /// the store's row are made by the store's first change (`exclusively`), so that a role that
    /// may only read, or a read-only database, serves every command that reads; a store that is
    /// not there yet reads as `initial`.
    init(location: PostgresLocation, initial: State) throws {
        self.location = location
        self.initial = initial
        connection = try PostgresConnection(location)
        try checkTables()
    }

    /// Makes the store's row, holding `initial`, unless another writer made it first, and locks it.
    private func makeRow() throws -> Head? {
        let sealed = try SQLiteRowFormat.sealSnapshot(try RecordCoding.binary.encode(initial), sequence: 0)
        try connection.run(
            """
            INSERT INTO appcore_stores (name, version, snapshot_sequence, snapshot\(keepsLastSequence ? ", last_sequence" : ""))
            VALUES ($1, $2, 0, $3\(keepsLastSequence ? ", 0" : "")) ON CONFLICT (name) DO NOTHING
            """,
            [.text(location.name), .integer(Int64(Self.newestVersion.number)), .bytes(sealed)])
        return try head(locking: true)
    }

    /// The state of a store that is not in the database yet: `initial`, and no change read.
    private func fresh() -> State {
        (snapshotSequence, sequence, snapshotBytes, changeBytes) = (0, 0, 0, 0)
        (steps, isNewest, format, forgotten) = ([], true, .newest, false)
        return initial
    }

    /// What the store's row says of its records: the sequence of its snapshot, and of its last
    /// change, -1 where that is not known (tables or a row from before it was kept).
    private struct Head: Equatable {
        let snapshotSequence: Int64
        let lastSequence: Int64
    }

    /// The store's row's `Head`, nil if the store has no row.
    private func head(locking: Bool) throws -> Head? {
        var found: Head?
        try connection.run(
            "SELECT snapshot_sequence, \(lastSequenceColumn) FROM appcore_stores WHERE name = $1"
                + (locking ? " FOR UPDATE" : ""),
            [.text(location.name)]
        ) { found = Head(snapshotSequence: $0.integer(0), lastSequence: $0.integer(1)) }
        return found
    }

    /// The number of the store's last change as a query reads it, -1 where it is not kept.
    private var lastSequenceColumn: String { keepsLastSequence ? "COALESCE(last_sequence, -1)" : "-1::bigint" }

    /// Refuses a store whose rows end before (or after) its last change as its row says: a change
    /// row lost at the end, or one written behind the store's back.
    private func checkLastChange(_ last: Int64) throws {
        guard last >= 0, last != sequence else { return }
        throw StoreError.unreadable(
            path: path,
            reason: last > sequence
                ? "its change \(sequence + 1) is damaged or missing"
                : "it holds changes after its last one, \(last)")
    }

    /// Locks the store's row, making the tables and the row first where they are not there: each
    /// use is a change, or the housekeeping after one.
    func exclusively<Result>(_ body: () throws -> Result) throws -> Result {
        try prepareTables()
        return try transaction("BEGIN") {
            guard let head = try head(locking: true) ?? makeRow() else {
                throw StoreError.unreadable(path: path, reason: "the store is no longer in the database")
            }
            lockedHead = head
            let result = try body()
            if wroteInTransaction {
                try connection.run("SELECT pg_notify('\(Self.channel)', $1)", [.text(location.name)])
            }
            return result
        }
    }

    func shared<Result>(_ body: () throws -> Result) throws -> Result {
        try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Opening reads, and locks nothing: a `SELECT … FOR UPDATE` needs a role that may write, and
    /// a database that is not read-only.
    func opening<Result>(_ body: () throws -> Result) throws -> Result {
        try shared(body)
    }

    func load() throws -> State {
        try checkingSoundness {
            guard try tablesAreThere() else { return fresh() }
            var row: (version: Int64, sequence: Int64, snapshot: [UInt8], last: Int64)?
            try connection.run(
                "SELECT version, snapshot_sequence, snapshot, \(lastSequenceColumn) FROM appcore_stores WHERE name = $1",
                [.text(location.name)]
            ) { row = ($0.integer(0), $0.integer(1), $0.bytes(2), $0.integer(3)) }
            guard let row else { return fresh() }
            try checkVersion(row.version)
            guard let payload = format.snapshotPayloadRange(of: row.snapshot, sequence: row.sequence) else {
                throw StoreError.unreadable(path: path, reason: "its snapshot is damaged (its checksum fails)")
            }
            var state = try StoreError.reading(path) {
                try RecordCoding.binary.decode(State.self, from: row.snapshot, in: payload, after: steps)
            }
            snapshotSequence = row.sequence
            snapshotBytes = row.snapshot.count
            sequence = snapshotSequence
            changeBytes = 0
            try applyChanges(to: &state)
            try checkLastChange(row.last)
            forgotten = false
            return state
        }
    }

    @discardableResult
    func catchUp(_ state: inout State) throws -> Bool {
        try checkingSoundness {
            guard try tablesAreThere() else { return false }
            let head = try lockedHead ?? self.head(locking: false)
            // A store not made yet (or made and removed before a change) reads as `initial`, as
            // it did: nothing to tell, and the next row made is read as a new store's.
            if head == nil, !forgotten, sequence == 0 {
                _ = fresh()
                return false
            }
            // A row that counts fewer changes than were read is a store made anew (or restored
            // from a copy) since: read again whole.
            guard !forgotten, let head, head.snapshotSequence == snapshotSequence,
                head.lastSequence < 0 || head.lastSequence >= sequence
            else {
                state = try load()
                return true
            }
            let before = sequence
            try applyChanges(to: &state)
            try checkLastChange(head.lastSequence)
            return sequence != before
        }
    }

    /// Inserts one row. A store of an older version is rewritten in the newest instead, its
    /// snapshot holding `state`, which this change reached.
    func append(_ changes: [State.Change], reaching state: State) throws {
        try checkSound()
        if format == .slicesSealed, steps.isEmpty {
            // Format 2's records are format 3's: only the number changes, in this change's
            // transaction (see `SQLiteJournal.append`).
            try connection.run(
                "UPDATE appcore_stores SET version = $2 WHERE name = $1",
                [.text(location.name), .integer(Int64(Self.newestVersion.number))])
            (isNewest, format) = (true, .newest)
        }
        guard isNewest else {
            try replace(with: state)
            return
        }
        let batch = try RecordLimit.checked(
            SQLiteRowFormat.seal(
                try RecordCoding.binary.encode(batch: changes, fields: State.changeFields), sequence: sequence + 1),
            path: path)
        try connection.run(
            "INSERT INTO appcore_changes (store, sequence, batch) VALUES ($1, $2, $3)",
            [.text(location.name), .integer(sequence + 1), .bytes(batch)])
        if keepsLastSequence {
            try connection.run(
                "UPDATE appcore_stores SET last_sequence = $2 WHERE name = $1",
                [.text(location.name), .integer(sequence + 1)])
        }
        sequence += 1
        changeBytes += batch.count
        wroteInTransaction = true
    }

    var isCompactionDue: Bool {
        CompactionPolicy.shouldCompact(changeBytes: changeBytes, snapshotBytes: snapshotBytes)
    }

    /// Keeps `state` as the store's snapshot, in the newest version, and drops every change. It
    /// keeps no part apart: `state` is what it keeps.
    @discardableResult
    func replace(with state: State) throws -> State? {
        try checkSound()
        let next = sequence + 1
        let bytes = try RecordLimit.checked(
            try SQLiteRowFormat.sealSnapshot(try RecordCoding.binary.encode(state), sequence: next), path: path)
        try connection.run("DELETE FROM appcore_changes WHERE store = $1", [.text(location.name)])
        try connection.run(
            "UPDATE appcore_stores SET version = $2, snapshot_sequence = $3, snapshot = $4"
                + (keepsLastSequence ? ", last_sequence = $3" : "") + " WHERE name = $1",
            [.text(location.name), .integer(Int64(Self.newestVersion.number)), .integer(next), .bytes(bytes)])
        sequence = next
        snapshotSequence = next
        lockedHead = Head(snapshotSequence: next, lastSequence: keepsLastSequence ? next : -1)
        snapshotBytes = bytes.count
        changeBytes = 0
        (isNewest, steps, format) = (true, [], .newest)
        wroteInTransaction = true
        return nil
    }

    func forget() {
        forgotten = true
    }

    /// Removes the store's row and, with it, its changes; the other stores and the tables stay.
    func destroy() throws {
        if try tablesAreThere() {
            try connection.run("DELETE FROM appcore_stores WHERE name = $1", [.text(location.name)])
            try connection.run("SELECT pg_notify('\(Self.channel)', $1)", [.text(location.name)])
        }
        connection.close()
    }

    /// Listens on a connection of its own, and returns on each notification, or after a second
    /// when none came: a change whose notification the watch missed is then still shown within a
    /// second (the look that follows each return is one query). A lost connection (a server
    /// restarted) is made again, every half second until it is, and counts as a change, since a
    /// notification may have been missed in between.
    var watch: JournalWatch {
        let location = location
        return JournalWatch {
            let listener = try PostgresConnection(location)
            try listener.execute("LISTEN \(Self.channel)")
            return {
                while true {
                    if listener.isLost {
                        usleep(500_000)
                        do {
                            try listener.reconnect()
                            try listener.execute("LISTEN \(Self.channel)")
                            return
                        } catch {
                            continue
                        }
                    }
                    do {
                        // Whatever came, for this store or another, or nothing in a second.
                        _ = try listener.notifications(waiting: 1_000)
                        return
                    } catch {
                        if !listener.isLost { throw error }
                    }
                }
            }
        }
    }

    private func applyChanges(to state: inout State) throws {
        try connection.run(
            "SELECT sequence, batch FROM appcore_changes WHERE store = $1 AND sequence > $2 ORDER BY sequence",
            [.text(location.name), .integer(sequence)]
        ) { row in
            let (number, bytes) = (row.integer(0), row.bytes(1))
            try SQLiteRowFormat.newest.apply(
                row: bytes, numbered: number, following: sequence, to: &state, after: steps, path: path)
            sequence = number
            changeBytes += bytes.count
        }
    }

    private func checkVersion(_ number: Int64) throws {
        let found = StoredVersion(number: Int(number))
        let newest = Self.newestVersion
        guard found.format <= newest.format, found.schema <= newest.schema, number >= 0, number <= UInt32.max else {
            throw StoreError.newerFormat(path: path, found: Int(number), newestKnown: newest.number)
        }
        guard let format = SQLiteRowFormat(postgresVersion: found.format) else {
            throw StoreError.unreadable(
                path: path, reason: "format version \(found.format) is not one this program wrote")
        }
        self.format = format
        steps = State.migrations.dropFirst(found.schema)
        isNewest = steps.isEmpty && format == .newest
    }

    /// Runs `body` in a transaction, connecting again first if the connection was lost since
    /// (whatever was under way then was rolled back by the server, and never acknowledged).
    private func transaction<Result>(_ begin: String, _ body: () throws -> Result) throws -> Result {
        if connection.isLost { try connection.reconnect() }
        try connection.execute(begin)
        defer { (lockedHead, wroteInTransaction) = (nil, false) }
        do {
            let result = try body()
            do {
                try connection.execute("COMMIT")
            } catch let error as StoreError where wroteInTransaction && connection.isLost {
                // The server may have kept the change before the connection went: saying it was
                // not kept would have it made twice.
                throw StoreError.outcomeUnknown(
                    path: path,
                    reason: "the connection was lost after it was sent to be kept, before the reply (\(error.reason))")
            }
            return result
        } catch {
            if !connection.isLost { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Reads the tables' columns: tables of the same names but another shape are refused, never
    /// written to; notes whether they are there, and keep `last_sequence`.
    private func checkTables() throws {
        let found = try columns()
        guard found.isEmpty || found == Self.columns || found == Self.columnsBeforeLastSequence else {
            throw StoreError.unreadable(
                path: path,
                reason: "its tables appcore_stores and appcore_changes are not the ones this program makes")
        }
        tablesExist = !found.isEmpty
        keepsLastSequence = found == Self.columns
    }

    /// Whether the tables are there; looked for again while they were not, as another program may
    /// have made them since.
    private func tablesAreThere() throws -> Bool {
        if !tablesExist { try checkTables() }
        return tablesExist
    }

    /// Makes what a change needs that is not there yet, each in a transaction of its own before
    /// the change's, under an advisory lock, so that two first programs do not race: the tables,
    /// and the column `last_sequence` in tables made before it was kept.
    private func prepareTables() throws {
        if !tablesExist {
            try transaction("BEGIN") {
                try connection.execute("SELECT pg_advisory_xact_lock(\(Self.creationLock))")
                try connection.execute(Self.tables.joined(separator: ";\n"))
            }
            try checkTables()
        }
        if !keepsLastSequence, !triedToAddLastSequence {
            // Only the tables' owner may alter them: another role that may write still writes,
            // without the column, as the versions before it did.
            triedToAddLastSequence = true
            try? transaction("BEGIN") {
                try connection.execute("SELECT pg_advisory_xact_lock(\(Self.creationLock))")
                try connection.execute("ALTER TABLE appcore_stores ADD COLUMN IF NOT EXISTS last_sequence bigint")
            }
            try checkTables()
        }
    }

    /// Every column of the two tables in the connection's schema, as `table.column type`.
    private func columns() throws -> [String] {
        var found: [String] = []
        try connection.run(
            """
            SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relnamespace = current_schema()::regnamespace
                AND c.relname IN ('appcore_stores', 'appcore_changes') AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY c.relname, a.attnum
            """
        ) { found.append($0.text(0)) }
        return found
    }

    /// The key of the advisory lock held while the tables are made: "ApCo".
    private static var creationLock: Int64 { 0x4170_436F }

    private static var tables: [String] {
        [
            """
            CREATE TABLE IF NOT EXISTS appcore_stores (
                name text PRIMARY KEY, version integer NOT NULL, snapshot_sequence bigint NOT NULL,
                snapshot bytea NOT NULL, last_sequence bigint)
            """,
            """
            CREATE TABLE IF NOT EXISTS appcore_changes (
                store text NOT NULL REFERENCES appcore_stores (name) ON DELETE CASCADE,
                sequence bigint NOT NULL, batch bytea NOT NULL, PRIMARY KEY (store, sequence))
            """,
        ]
    }

    /// The columns `tables` makes, as `columns()` reads them.
    private static var columns: [String] { columnsBeforeLastSequence + ["appcore_stores.last_sequence bigint"] }

    /// The columns of the tables made before the number of each store's last change was kept.
    private static var columnsBeforeLastSequence: [String] {
        [
            "appcore_changes.store text not null", "appcore_changes.sequence bigint not null",
            "appcore_changes.batch bytea not null", "appcore_stores.name text not null",
            "appcore_stores.version integer not null", "appcore_stores.snapshot_sequence bigint not null",
            "appcore_stores.snapshot bytea not null",
        ]
    }
}
