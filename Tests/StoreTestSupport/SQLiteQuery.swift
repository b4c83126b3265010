import CSQLite
import Foundation

/// The first column of the first row `sql` gives, as an integer, read from the SQLite database at
/// `path` as a tool beside the store would read it: for the specifications that look inside.
func sqliteInteger(at path: String, _ sql: String) throws -> Int64 {
    var handle: OpaquePointer?
    var statement: OpaquePointer?
    defer {
        sqlite3_finalize(statement)
        sqlite3_close(handle)
    }
    guard sqlite3_open(path, &handle) == SQLITE_OK,
        sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK,
        sqlite3_step(statement) == SQLITE_ROW
    else { throw CocoaError(.fileReadUnknown) }
    return sqlite3_column_int64(statement, 0)
}
