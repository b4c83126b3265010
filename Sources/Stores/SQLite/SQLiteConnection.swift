import CSQLite
import Essentials
import Fractal

/// One connection to an SQLite database through the C API, with its prepared statements kept for
/// reuse. A class, because it owns the connection handle, which must be closed exactly once.
final class SQLiteConnection {
    let path: String
    private var handle: OpaquePointer?
    /// The statements prepared so far, by where their text lies: each is a literal of the
    /// program's, so a look-up costs no hashing of its text. (The same text written at two
    /// places may be prepared twice, which costs a statement, nothing more.)
    private var statements: [UInt: OpaquePointer] = [:]
    /// The wait SQLite's busy handler is in; the connection keeps it as long as SQLite may call it.
    private let busy: BusyWait

    /// Opens the database. An `unchanging` one is one that nothing can write (on a read-only
    /// disk, with no log beside it): SQLite reads it without the log and index files it would
    /// otherwise make, and cannot make there.
    init(
        path: String, create: Bool = false, unchanging: Bool = false, patience: LockPatience = .standard,
        warn: @escaping StoreWarning = warnOnStandardError
    ) throws {
        self.path = path
        busy = BusyWait(patience: patience, what: path, warn: warn)
        var opened: OpaquePointer?
        let access = unchanging ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let status = sqlite3_open_v2(Self.uri(path, unchanging: unchanging), &opened, flags, vfsName)
        handle = opened
        guard status == SQLITE_OK else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            close()
            throw StoreError.failed(path: path, operation: "open", reason: reason)
        }
        // Other processes may hold the write lock for a moment: wait for it rather than fail,
        // saying so if it lasts (`LockPatience`).
        sqlite3_busy_handler(opened, waitWhileBusy, Unmanaged.passUnretained(busy).toOpaque())
    }

    deinit { close() }

    /// Runs `body` with the busy handler giving up at once: what it asks for is done now, as far
    /// as no other connection holds what it needs (a copy of the log may be done in part), or not
    /// at all.
    func withoutWaiting<Result>(_ body: () throws -> Result) rethrows -> Result {
        let waited = busy.waits
        busy.waits = false
        defer { busy.waits = waited }
        return try body()
    }

    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Whether closing the connection leaves the write-ahead log as it is (see `SQLiteJournal`),
    /// rather than copying it into the database, as SQLite does by default.
    func keepLogOnClose(_ keep: Bool) throws {
        guard appcore_keep_log_on_close(try open(), keep ? 1 : 0) == SQLITE_OK else { throw failure("configure") }
    }

    /// Runs SQL that returns no rows and takes no values, one or more statements.
    func execute(_ sql: String) throws {
        let handle = try open()
        // Made again whole where the log's index is being rebuilt: only a connection that may not
        // write meets that, so the statements before the one that met it wrote nothing.
        guard try waitingForLogIndex({ sqlite3_exec(handle, sql, nil, nil, nil) }) == SQLITE_OK else {
            throw failure(Self.operation(of: sql))
        }
    }

    /// Runs one statement with `values` bound in order, calling `row` for each row it returns.
    func run(_ sql: StaticString, _ values: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void = { _ in }) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            try bind(value, at: Int32(index + 1), in: statement)
        }
        // Only the first step may begin reading, and so meet the log's index being rebuilt.
        var status = try waitingForLogIndex({ sqlite3_step(statement) }, again: { sqlite3_reset(statement) })
        while status == SQLITE_ROW {
            try row(SQLiteRow(statement: statement))
            status = sqlite3_step(statement)
        }
        guard status == SQLITE_DONE else { throw failure(Self.operation(of: "\(sql)")) }
    }

    /// The first column of the first row, as an integer.
    func integer(_ sql: StaticString, _ values: [SQLiteValue] = []) throws -> Int64? {
        var result: Int64?
        try run(sql, values) { row in result = result ?? row.integer(0) }
        return result
    }

    /// The number of the row the last `INSERT` made.
    var lastInsertedRow: Int64 {
        get throws { sqlite3_last_insert_rowid(try open()) }
    }

    /// Runs `body` with one blob open for reading in pieces, inside the transaction under way; the
    /// blob is closed when `body` returns, so it must not keep the `SQLiteBlob`. Read
    /// so, a blob goes straight into the array it is read into: a query would first copy a blob
    /// that spans many pages into a buffer of SQLite's own, and the snapshot is most of a store.
    func withBlob<Result>(
        table: String, column: String, row: Int64, _ body: (SQLiteBlob) throws -> Result
    ) throws -> Result {
        var opened: OpaquePointer?
        guard sqlite3_blob_open(try open(), "main", table, column, row, 0, &opened) == SQLITE_OK, let blob = opened
        else { throw failure("open the \(table) \(column) in") }
        defer { sqlite3_blob_close(blob) }
        return try body(
            SQLiteBlob(count: Int(sqlite3_blob_bytes(blob))) { range, destination in
                // A blob's length fits SQLite's Int32 (its limit is 1 GB), so every range in it does.
                let status = sqlite3_blob_read(blob, destination, Int32(range.count), Int32(range.lowerBound))
                guard status == SQLITE_OK else { throw self.failure("read the \(table) \(column) from") }
            })
    }

    private func open() throws -> OpaquePointer {
        guard let handle else {
            throw StoreError.failed(path: path, operation: "use", reason: "the store was destroyed")
        }
        return handle
    }

    private func prepared(_ sql: StaticString) throws -> OpaquePointer {
        precondition(sql.hasPointerRepresentation, "a statement is SQL text, not one character")
        let key = UInt(bitPattern: sql.utf8Start)
        if let statement = statements[key] { return statement }
        var statement: OpaquePointer?
        let handle = try open()
        // Preparing reads the schema, where it has not been read yet.
        let status = try waitingForLogIndex {
            sql.withUTF8Buffer { text in
                text.withMemoryRebound(to: CChar.self) {
                    sqlite3_prepare_v3(
                        handle, $0.baseAddress, Int32($0.count), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
                }
            }
        }
        guard status == SQLITE_OK, let statement else { throw failure(Self.operation(of: "\(sql)")) }
        statements[key] = statement
        return statement
    }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws {
        let status: Int32
        switch value {
        case .integer(let integer):
            status = sqlite3_bind_int64(statement, index, integer)
        case .blob(let bytes):
            status = bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(statement, index, buffer.baseAddress, UInt64(buffer.count), sqliteTransient)
            }
        }
        guard status == SQLITE_OK else { throw failure("bind a value for") }
    }

    /// A path is only ever a file's name, given to SQLite as a `file:` URI: ":memory:" is then a
    /// file of that name, not a database in memory.
    private static func uri(_ path: String, unchanging: Bool) -> String {
        // Escaped a code point at a time: `replacing` matched whole characters, so a "?" that made
        // one character with an accent after it was left as it was, and SQLite opened another
        // file; it also cost 0.11 M instructions an open.
        var escaped = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "file:" + (path.hasPrefix("/") ? escaped : "./" + escaped) + (unchanging ? "?immutable=1" : "")
    }

    /// What a statement does to the store, in a person's words, for its error.
    private static func operation(of sql: String) -> String {
        let reads = sql.hasPrefix("SELECT") || sql == "BEGIN" || (sql.hasPrefix("PRAGMA") && !sql.contains("="))
        return reads ? "read" : "write"
    }

    /// Makes `call`, a call into SQLite that may begin reading, and makes it again (after
    /// `again`) for as long as it fails because the log's index (`-shm`) is being rebuilt: a
    /// program that opened the store first emptied it, and rebuilds it from the log a moment
    /// later. A connection that may only read the index cannot rebuild it itself, and SQLite gives
    /// up at once there, without calling the busy handler (SQLITE_READONLY_RECOVERY): this waits
    /// as for a lock (`LockPatience.wait`), with the same patience, saying so after a second, and
    /// throws the lock's error when it gives up. Returns the last call's status.
    private func waitingForLogIndex(_ call: () -> Int32, again: () -> Void = {}) throws -> Int32 {
        var status = call()
        guard busy.waits, findsLogIndexBeingRebuilt(status) else { return status }
        try busy.patience.wait(for: busy.what, warn: busy.warn) {
            again()
            status = call()
            return !findsLogIndexBeingRebuilt(status)
        }
        return status
    }

    /// Whether the call that returned `status` failed on the log's index being rebuilt.
    private func findsLogIndexBeingRebuilt(_ status: Int32) -> Bool {
        guard status & 0xFF == SQLITE_READONLY, let handle else { return false }
        return sqlite3_extended_errcode(handle) == sqliteReadOnlyRecovery
    }

    /// SQLite's extended codes for a sync that failed: of a file (`SQLITE_IOERR_FSYNC`) and of a
    /// folder (`SQLITE_IOERR_DIR_FSYNC`), macros Swift does not import.
    private static let syncFailures: Set<Int32> = [SQLITE_IOERR | (4 << 8), SQLITE_IOERR | (5 << 8)]

    private func failure(_ operation: String) -> StoreError {
        guard let handle else { return .failed(path: path, operation: operation, reason: "the store was destroyed") }
        let reason = String(cString: sqlite3_errmsg(handle))
        switch sqlite3_errcode(handle) & 0xFF {
        case SQLITE_BUSY where busy.gaveUp:
            return busy.wait?.gaveUp ?? .failed(path: path, operation: operation, reason: reason)
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return .unreadable(path: path, reason: "the database is damaged (SQLite says: \(reason))")
        case SQLITE_IOERR where Self.syncFailures.contains(sqlite3_extended_errcode(handle)):
            // The log holds the commit whole, and every connection reads it from there.
            return .syncFailed(path: path, reason: "SQLite says: \(reason)")
        default:
            return .failed(path: path, operation: operation, reason: reason)
        }
    }
}

/// The VFS the store opens its databases through: the system's, but for a log already there,
/// which it opens without a second sync (`appcore_open` in the CSQLite shim); the system's where
/// it cannot be registered. Registered once, as the first connection is opened (which also
/// sets how SQLite allocates its page cache: see the shim).
private let vfsName: String? = appcore_register_vfs() == SQLITE_OK ? "appcore" : nil

/// SQLite's busy handler: another connection holds a lock this one needs. Returns whether to
/// try again; the first call of each wait (`count` 0) begins it anew.
private func waitWhileBusy(_ context: UnsafeMutableRawPointer?, _ count: Int32) -> Int32 {
    guard let context else { return 0 }
    let busy = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
    guard busy.waits else {
        busy.gaveUp = false  // it did not wait: an error must not say it waited in vain
        return 0
    }
    if count == 0 { (busy.wait, busy.gaveUp) = (LockWait(patience: busy.patience, what: busy.what), false) }
    guard busy.wait?.keepWaiting(warn: busy.warn) == true else {
        busy.gaveUp = true
        return 0
    }
    return 1
}

/// What SQLite's busy handler knows between its calls. A class, because SQLite holds a pointer to
/// it, given when the connection is opened, for as long as the connection is open.
private final class BusyWait {
    let patience: LockPatience
    let what: String
    let warn: StoreWarning
    var wait: LockWait?
    /// Whether the last wait lasted as long as the patience allows, so that the error says so.
    var gaveUp = false
    /// Whether to wait at all (`withoutWaiting`).
    var waits = true

    init(patience: LockPatience, what: String, warn: @escaping StoreWarning) {
        self.patience = patience
        self.what = what
        self.warn = warn
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case integer(Int64)
    case blob([UInt8])
}

/// One row of a statement's result, read by column index.
struct SQLiteRow {
    let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    func text(_ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// SQLite's SQLITE_READONLY_RECOVERY, as sqlite3.h makes it: Swift imports no macro made of others.
private let sqliteReadOnlyRecovery = SQLITE_READONLY | 1 << 8

/// SQLite's SQLITE_TRANSIENT: copy the bound bytes now, for they will not outlive the call.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
