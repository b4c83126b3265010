import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// Before SQLite reads a store's log, the store reads its database file alone, to tell whether
/// the log is that file's (`SQLiteDatabaseAlone`). It reads it from the file's bytes
/// (`SQLiteFileReader`), not through a second SQLite connection, which cost every program that
/// opened a store 0.5 M instructions. What it reads so is what SQLite reads, or nothing, and SQLite
/// is asked: on every store a landed version wrote, on tables of many pages, and with any byte of
/// the file damaged.
@Suite("SQLite file read from its bytes")
struct SQLiteFileReaderSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder.inMemory()
        path = folder.path("store")
    }

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test(arguments: [
        "Format2/sqlite.store", "Format3/sqlite.store", "Format4/sqlite.store", "Migration/sqlite.store",
        "Identity1/sqlite.store", "Attributes1/sqlite.store", "Attributes2/sqlite.store", "Table/sqlite.store",
        "Parts1/sqlite.store", "Stores/version2.sqlite",
    ])
    func everyStoreALandedVersionWroteIsReadFromItsBytesAsSQLiteReadsIt(_ fixture: String) throws {
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(fixture).path, toPath: path)

        let fromBytes = try #require(readFromBytes())

        #expect(fromBytes == SQLiteDatabaseAlone.readBySQLite(at: path))
    }

    /// Thousands of changes, and rows of the parts kept apart, span a b-tree of several levels.
    @Test func tablesOfManyPagesAreReadFromTheirBytesAsSQLiteReadsThem() throws {
        try makeStoreOfManyPages()
        #expect(try sqliteInteger(at: path, "PRAGMA page_count") > 400)

        let fromBytes = try #require(readFromBytes())

        #expect(fromBytes == SQLiteDatabaseAlone.readBySQLite(at: path))
        #expect(fromBytes.lastChange == 6000)
        #expect(fromBytes.identity != nil)
    }

    /// A snapshot of an earlier version, which kept it whole, goes on to overflow pages.
    @Test func aSnapshotSpillingOntoPagesOfItsOwnIsReadFromItsBytesAsSQLiteReadsIt() throws {
        try makeStore()
        try sqlite("UPDATE snapshot SET state = randomblob(200000)")

        #expect(readFromBytes()?.lastChange == 2)
        #expect(readFromBytes() == SQLiteDatabaseAlone.readBySQLite(at: path))
    }

    /// Pages SQLite finds damaged, which the reader must not read a row from either: SQLite then
    /// leaves the check to the log, which may hold those pages whole.
    @Test(arguments: [0, (4096 - 8) / 6 + 1])
    func aPageOfNoCellsOrOfMoreThanAPageHoldsIsLeftToSQLite(_ cells: Int) throws {
        try makeStoreOfManyPages()
        let root = Int(try sqliteInteger(at: path, "SELECT rootpage FROM sqlite_schema WHERE name = 'changes'"))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[(root - 1) * 4096] == 0x05)  // an interior page
        bytes[(root - 1) * 4096 + 3] = UInt8(cells >> 8)
        bytes[(root - 1) * 4096 + 4] = UInt8(cells & 0xFF)
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        #expect(SQLiteDatabaseAlone.readBySQLite(at: path) == nil)
        #expect(readFromBytes() == nil)
    }

    /// SQLite reads a table defined twice as damaged.
    @Test func aTableDefinedTwiceIsLeftToSQLite() throws {
        try makeStore()
        try sqliteExecute(
            at: path,
            """
            PRAGMA writable_schema = ON;
            INSERT INTO sqlite_schema SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema
                WHERE name = 'retired_parts';
            """)

        #expect(SQLiteDatabaseAlone.readBySQLite(at: path) == nil)
        #expect(readFromBytes() == nil)
    }

    /// A record's size written in nine bytes, the last with its high bit set: SQLite reads the
    /// row's number after it one way where it reads the cell, another where it seeks the row.
    @Test func aRecordSizeSQLiteReadsTwoWaysIsLeftToSQLite() throws {
        try makeStore()
        let root = Int(try sqliteInteger(at: path, "SELECT rootpage FROM sqlite_schema WHERE name = 'store'"))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let page = (root - 1) * 4096
        #expect(bytes[page] == 0x0D)  // a leaf
        let cell = page + Int(bytes[page + 8]) << 8 + Int(bytes[page + 9])
        let size = Int(bytes[cell])
        #expect(size < 0x80)  // in one byte
        // The cell again, its size spelled in nine bytes, put before the page's cells.
        let respelled =
            [UInt8](repeating: 0x80, count: 8) + [0x80 | UInt8(size)] + bytes[(cell + 1)...(cell + 1 + size)]
        let start = page + Int(bytes[page + 5]) << 8 + Int(bytes[page + 6]) - respelled.count
        bytes.replaceSubrange(start..<(start + respelled.count), with: respelled)
        for (offset, byte) in [(5, start - page), (8, start - page)] {
            (bytes[page + offset], bytes[page + offset + 1]) = (UInt8(byte >> 8), UInt8(byte & 0xFF))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        #expect(SQLiteDatabaseAlone.readBySQLite(at: path)?.identity == nil)
        #expect(readFromBytes() == nil)
    }

    @Test func aSnapshotNewerThanEveryChangeIsTheLastChange() throws {
        try makeStore()
        try sqlite("UPDATE snapshot SET sequence = 90000")

        #expect(readFromBytes()?.lastChange == 90000)
        #expect(readFromBytes() == SQLiteDatabaseAlone.readBySQLite(at: path))
    }

    @Test(arguments: ["DELETE FROM store", "DROP TABLE store"])
    func aStoreWithoutItsIdentityIsReadWithoutOne(_ removal: String) throws {
        try makeStore()
        try sqlite(removal)

        #expect(try #require(readFromBytes()).identity == nil)
        #expect(readFromBytes() == SQLiteDatabaseAlone.readBySQLite(at: path))
    }

    /// A table this program never made, or a snapshot spilling onto pages of its own: left to SQLite.
    @Test(arguments: [
        "CREATE TABLE other (x)", "UPDATE snapshot SET sequence = 1.5", "DELETE FROM snapshot",
    ])
    func whatTheReaderDoesNotKnowIsLeftToSQLite(_ change: String) throws {
        try makeStore()
        try sqlite(change)

        #expect(readFromBytes() == nil)
        #expect(try read() == SQLiteDatabaseAlone.readBySQLite(at: path))
    }

    /// Every byte of the file flipped in turn, two ways: what the reader reads is what SQLite
    /// reads, or the reader leaves it to SQLite.
    @Test(.slow) func aFileDamagedAnywhereIsReadAsSQLiteReadsItOrLeftToSQLite() throws {
        try makeStore()
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var differences: [String] = []
        var readFromItsBytes = 0
        for offset in original.indices {
            for mask: UInt8 in [0xFF, 0x01] {
                var damaged = original
                damaged[offset] ^= mask
                try Data(damaged).write(to: URL(fileURLWithPath: path))
                guard let fromBytes = readFromBytes() else { continue }
                readFromItsBytes += 1
                let bySQLite = SQLiteDatabaseAlone.readBySQLite(at: path)
                if fromBytes != bySQLite {
                    differences.append("byte \(offset) ^ \(mask): \(fromBytes), \(bySQLite as Any)")
                }
            }
        }

        #expect(differences.isEmpty, "\(differences.prefix(200))")
        #expect(readFromItsBytes > original.count)  // most bytes are not ones the reader reads
    }

    /// A store whose changes, 6,000 of 300 bytes, span a b-tree of several levels of pages.
    private func makeStoreOfManyPages() throws {
        try makeStore()
        try sqlite(
            """
            WITH RECURSIVE n(i) AS (SELECT 10 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
            INSERT INTO changes (sequence, batch) SELECT i, randomblob(300) FROM n
            """)
    }

    /// A store of a few changes, its log copied into its database, closed.
    private func makeStore() throws {
        var initial = Ledger()
        try initial.apply(.append("milk"))
        let store = try DurableVariant.sqlite.open(at: path, initial: initial)
        try store.change(.append("eggs"))
        try store.change(.appendBoth("bread", "tea"))
        try copyLogIntoDatabase(at: path)
    }

    /// Runs `sql` on the database as a tool beside the store would, then copies the log into it.
    private func sqlite(_ sql: String) throws {
        try sqliteExecute(at: path, sql)
        try copyLogIntoDatabase(at: path)
    }

    /// The store's database read alone, as the store reads it before SQLite opens it.
    private func read() throws -> SQLiteDatabaseAlone? {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return SQLiteDatabaseAlone.read(from: descriptor, at: path, tables: SQLiteJournal<Ledger>.knownTables)
    }

    /// The same, from its bytes alone: nil where the reader leaves it to SQLite.
    private func readFromBytes() -> SQLiteDatabaseAlone? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return SQLiteDatabaseAlone.readFromBytes(from: descriptor, at: path, tables: SQLiteJournal<Ledger>.knownTables)
    }
}
