import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The first column of the first row `sql` gives, as an integer, read from the SQLite database at
/// `path` as a tool beside the store would read it: for the specifications that look inside.
public func sqliteInteger(at path: String, _ sql: String) throws -> Int64 {
    try firstRow(at: path, sql) { sqlite3_column_int64($0, 0) }
}

/// The first column of the first row `sql` gives, as a blob: a row of a store, to look inside.
public func sqliteBlob(at path: String, _ sql: String) throws -> [UInt8] {
    try firstRow(at: path, sql) { statement in
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard let start = sqlite3_column_blob(statement, 0) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}

/// What `read` makes of the first row `sql` gives, the statement standing on it.
private func firstRow<Result>(at path: String, _ sql: String, _ read: (OpaquePointer?) -> Result) throws -> Result {
    var handle: OpaquePointer?
    var statement: OpaquePointer?
    defer {
        sqlite3_finalize(statement)
        sqlite3_close(handle)
    }
    guard sqlite3_open(path, &handle) == SQLITE_OK,
        sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK,
        sqlite3_step(statement) == SQLITE_ROW
    else { throw SQLiteQueryFailed(path: path, sql: sql) }
    return read(statement)
}

/// Runs `sql` with `blob` bound to its one parameter: a row of a store damaged on purpose.
public func sqliteRun(at path: String, _ sql: String, binding blob: [UInt8]) throws {
    var handle: OpaquePointer?
    var statement: OpaquePointer?
    defer {
        sqlite3_finalize(statement)
        sqlite3_close(handle)
    }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    guard sqlite3_open(path, &handle) == SQLITE_OK,
        sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK,
        sqlite3_bind_blob(statement, 1, blob, Int32(blob.count), transient) == SQLITE_OK,
        sqlite3_step(statement) == SQLITE_DONE
    else { throw SQLiteQueryFailed(path: path, sql: sql) }
}

/// Runs `sql`, one statement or more that return no rows, on the SQLite database at `path` as a
/// tool beside the store would: a store changed by hand.
public func sqliteExecute(at path: String, _ sql: String) throws {
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    guard sqlite3_open(path, &handle) == SQLITE_OK, sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
        throw SQLiteQueryFailed(path: path, sql: sql)
    }
}

/// Copies an SQLite store's log into its database and empties it, as a tool beside the store
/// would (SQLite's `wal_checkpoint`): the database file then holds the whole store, as a copy
/// taken of it must.
public func copyLogIntoDatabase(at path: String) throws {
    _ = try sqliteInteger(at: path, "PRAGMA wal_checkpoint(TRUNCATE)")
}

/// A query a specification asked for that SQLite would not answer.
public struct SQLiteQueryFailed: Error {
    public let path: String
    public let sql: String
}
