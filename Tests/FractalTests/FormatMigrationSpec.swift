import CSQLite
import Foundation
import StoreTestSupport
import Testing

@testable import Fractal

/// Stores written in format 1, which kept JSON, open with everything in them and are rewritten
/// in the newest format, once.
@Suite("Format migration")
struct FormatMigrationSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store")
    }

    @Test func aDiskStoreOfFormatOneOpensAndIsRewrittenInTheNewest() throws {
        let json = ValueCoding.makeEncoder()
        let file =
            DiskFormat.magic + [1, 0, 0, 0]
            + DiskFormat.record(.snapshot, payload: Array(try json.encode(["milk"])))
            + DiskFormat.record(.changes, payload: Array(try json.encode([Ledger.Change.append("eggs")])))
        try Data(file).write(to: URL(fileURLWithPath: path))

        let store = try createDiskStore(at: path, initial: Ledger())

        #expect(store.state().entries == ["milk", "eggs"])
        #expect(try diskVersion() == RecordCoding.newestVersion)
        try store.change([.append("tea")])
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries == ["milk", "eggs", "tea"])
    }

    @Test func anSQLiteStoreOfFormatOneOpensAndIsRewrittenInTheNewest() throws {
        try sqlite(
            """
            PRAGMA application_id = \(SQLiteJournal<Ledger>.applicationID);
            PRAGMA user_version = 1;
            PRAGMA journal_mode = WAL;
            CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), sequence INTEGER NOT NULL, state BLOB NOT NULL);
            CREATE TABLE changes (sequence INTEGER PRIMARY KEY, batch BLOB NOT NULL);
            INSERT INTO snapshot VALUES (1, 0, CAST('["milk"]' AS BLOB));
            INSERT INTO changes VALUES (1, CAST('[{"append":{"_0":"eggs"}}]' AS BLOB));
            """)

        let store = try createSQLiteStore(at: path, initial: Ledger())

        #expect(store.state().entries == ["milk", "eggs"])
        #expect(try sqliteVersion() == RecordCoding.newestVersion)
        try store.change([.append("tea")])
        #expect(try createSQLiteStore(at: path, initial: Ledger()).state().entries == ["milk", "eggs", "tea"])
    }

    @Test(arguments: DurableVariant.allCases)
    func aNewStoreIsWrittenInTheNewestFormat(_ variant: DurableVariant) throws {
        let store = try variant.open(at: path, initial: Ledger())
        try store.change([.append("milk")])
        let version = try variant == .disk ? diskVersion() : sqliteVersion()
        #expect(version == RecordCoding.newestVersion)
    }

    private func diskVersion() throws -> Int {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
    }

    private func sqliteVersion() throws -> Int {
        var handle: OpaquePointer?
        var statement: OpaquePointer?
        defer {
            sqlite3_finalize(statement)
            sqlite3_close(handle)
        }
        guard sqlite3_open(path, &handle) == SQLITE_OK,
            sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else { throw CocoaError(.fileReadUnknown) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    private func sqlite(_ sql: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open(path, &handle) == SQLITE_OK, sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
