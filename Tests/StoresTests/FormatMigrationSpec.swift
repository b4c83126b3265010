import CSQLite
import Essentials
import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// Stores written by earlier versions open with everything in them, are left as they were by a
/// program that only reads them, and are rewritten in the newest format by the first change.
@Suite("Format migration")
struct FormatMigrationSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store")
    }

    @Test func aDiskStoreOfFormatOneOpensAndIsRewrittenInTheNewestByTheFirstChange() throws {
        let json = ValueCoding.makeEncoder()
        let file =
            try DiskFormat.magic + [1, 0, 0, 0]
            + DiskFormat.record(.snapshot, payload: Array(try json.encode(["milk"])))
            + DiskFormat.record(.changes, payload: Array(try json.encode([Ledger.Change.append("eggs")])))
        try Data(file).write(to: URL(fileURLWithPath: path))

        let store = try createDiskStore(at: path, initial: Ledger())

        #expect(try store.state().entries == ["milk", "eggs"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(file))
        try store.change(.append("tea"))
        #expect(try diskVersion() == DiskFormat.version)
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries == ["milk", "eggs", "tea"])
    }

    @Test func anSQLiteStoreOfFormatOneOpensAndIsRewrittenInTheNewestByTheFirstChange() throws {
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

        #expect(try store.state().entries == ["milk", "eggs"])
        #expect(try sqliteVersion() == 1)
        try store.change(.append("tea"))
        #expect(try sqliteVersion() == SQLiteRowFormat.newestVersion)
        #expect(try createSQLiteStore(at: path, initial: Ledger()).state().entries == ["milk", "eggs", "tea"])
    }

    /// Stores as format 2 left them (the SQLite one with its changes still in its log), written
    /// by that version of the store exerciser, five changes each.
    @Test(arguments: [
        (DurableVariant.disk, ["version2.store"]), (.sqlite, ["version2.sqlite", "version2.sqlite-wal"]),
    ])
    func aStoreOfFormatTwoOpensAndTakesChanges(_ variant: DurableVariant, files: [String]) throws {
        try copyFixture(files)
        let written = Self.writtenByVersion2

        #expect(try variant.open(at: path, initial: Ledger()).state().entries == written)
        let store = try variant.open(at: path, initial: Ledger())
        try store.change(.append("tea"))
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == written + ["tea"])
        if variant == .sqlite { #expect(try sqliteVersion() == SQLiteRowFormat.newestVersion) }
    }

    /// A program that opened an SQLite store of an earlier version, while another rewrites it in
    /// the newest, reads it in the newest form from then on: its next read shows what the other
    /// wrote, and its next change is kept, as they would have been without the rewrite.
    @Test func aStoreOpenedBeforeAnotherProgramRewroteItInTheNewestVersionReadsOn() throws {
        try copyFixture(["version2.sqlite", "version2.sqlite-wal"])
        let written = Self.writtenByVersion2

        let first = try createSQLiteStore(at: path, initial: Ledger())
        #expect(try first.state().entries == written)
        let second = try createSQLiteStore(at: path, initial: Ledger())
        try second.change(.append("tea"))
        #expect(try sqliteVersion() == SQLiteRowFormat.newestVersion, "the other program rewrote it")
        #expect(try first.state().entries == written + ["tea"])
        try first.change(.append("milk"))
        #expect(try second.state().entries == written + ["tea", "milk"])
    }

    /// A disk store of format 2 takes changes as it is; the first rewrite of its snapshot writes
    /// it in format 3, its snapshot sealed slice by slice.
    @Test func aDiskStoreOfFormatTwoIsWrittenInTheNewestFormatWhenItsSnapshotIsRewritten() throws {
        try copyFixture(["version2.store"])
        let written = Self.writtenByVersion2
        let added = (0..<200).map { "added \($0)" }

        let store = try createDiskStore(at: path, initial: Ledger())
        try store.change(.append(added[0]))
        #expect(try diskVersion() == 2, "a change is appended to the file as it is")
        for entry in added.dropFirst() { try store.change(.append(entry)) }
        #expect(try diskVersion() == DiskFormat.version)
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries == written + added)
    }

    @Test(arguments: DurableVariant.files)
    func aNewStoreIsWrittenInTheNewestFormat(_ variant: DurableVariant) throws {
        let store = try variant.open(at: path, initial: Ledger())
        try store.change(.append("milk"))
        let version = try variant == .disk ? diskVersion() : sqliteVersion()
        #expect(version == (variant == .disk ? DiskFormat.version : SQLiteRowFormat.newestVersion))
    }

    /// What the stores of `Tests/Fixtures/Stores` hold: five entries, one a change.
    private static let writtenByVersion2 = (0..<5).map { "f-\($0)" }

    /// Copies a store of `Tests/Fixtures/Stores` to `path`: its file first, then the files beside it
    /// (the SQLite log), each named by what it adds to the first's name.
    private func copyFixture(_ files: [String]) throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/Stores")
        for file in files {
            let suffix = file.dropFirst(files[0].count)
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(file), to: URL(fileURLWithPath: path + suffix))
        }
    }

    private func diskVersion() throws -> Int {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
    }

    private func sqliteVersion() throws -> Int {
        Int(try sqliteInteger(at: path, "PRAGMA user_version"))
    }

    private func sqlite(_ sql: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open(path, &handle) == SQLITE_OK, sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
