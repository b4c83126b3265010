import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

/// The SQLite store's write-ahead log stays beside the database between programs, so that a
/// change costs one sync. The mark beside it (`STORE-mark`, the number of the last change kept and
/// the file it was kept in) tells a log lost or damaged since, or one left by a file that a copy
/// replaced, from a log that holds nothing more: each is refused, naming the store, and neither
/// file is written. A log that still holds changes is never copied into a database found damaged.
@Suite("SQLite log")
struct SQLiteLogSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store")
    }

    @Test func aProgramThatWroteLeavesItsLogAndItsMarkBesideTheDatabase() throws {
        let run = try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"])

        #expect(run.status == 0)
        #expect(try names() == ["store", "store-mark", "store-shm", "store-wal"])
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == ["w-0", "w-1", "w-2"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace to count"))
    func aChangeCostsOneSync() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "1"]).status == 0)
        let counts = folder.path("syncs")

        let run = try ChildProcess.run(
            traced: ["-f", "-c", "-o", counts, "-e", "trace=fsync,fdatasync"], exerciser: ["sqlite", path, "v", "1"])

        #expect(run.status == 0)
        let table = try String(contentsOfFile: counts, encoding: .utf8)
        let calls = table.split(separator: "\n").filter { $0.hasSuffix("fsync") || $0.hasSuffix("fdatasync") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true)[3] }
        #expect(calls == ["1"], "\(table)")
    }

    @Test(arguments: ["removed", "emptied", "garbage"])
    func aLogLostOrDamagedAfterAProgramIsRefusedNamingTheStore(_ damage: String) throws {
        try writeThreeChanges()
        let log = path + "-wal"
        switch damage {
        case "removed": try FileManager.default.removeItem(atPath: log)
        case "emptied": try Data().write(to: URL(fileURLWithPath: log))
        default: try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: log))
        }
        try? FileManager.default.removeItem(atPath: path + "-shm")
        let database = try bytes(path)

        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.hasPrefix("cannot read the store at \(path): it ends at change ") == true)
        #expect(error?.description.contains("its log \(log) was removed or damaged since") == true)
        #expect(try bytes(path) == database)
    }

    @Test func aLogCopiedIntoTheDatabaseMayGoWithNothingLost() throws {
        try writeThreeChanges()
        try copyLogIntoDatabase(at: path)
        try? FileManager.default.removeItem(atPath: path + "-wal")

        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        try store.change(.append("tea"))

        #expect(try store.state().entries == ["milk", "eggs", "bread", "tea"])
    }

    @Test func aCopyPutInPlaceOfTheStoreBesideItsOldLogIsRefusedNotMixedWithIt() throws {
        let copy = folder.path("copy")
        try DurableVariant.sqlite.open(at: copy, initial: Ledger()).change(.append("restored"))
        try copyLogIntoDatabase(at: copy)
        try writeThreeChanges()  // in the log of the store the copy replaces
        let log = try bytes(path + "-wal")

        #expect(rename(copy, path) == 0)
        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.contains("its log \(path)-wal holds changes made to the file that was at") == true)
        #expect(try bytes(path + "-wal") == log)
        for name in ["-wal", "-mark"] { try FileManager.default.removeItem(atPath: path + name) }
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == ["restored"])
    }

    @Test func aStoreMovedWithItsLogAndItsMarkOpensWhole() throws {
        try writeThreeChanges()
        let moved = folder.path("moved")

        for name in ["", "-wal", "-mark"] { #expect(rename(path + name, moved + name) == 0) }

        #expect(
            try DurableVariant.sqlite.open(at: moved, initial: Ledger()).state().entries == ["milk", "eggs", "bread"])
    }

    @Test func aMarkDamagedAnywhereChangesNothingRead() throws {
        try writeThreeChanges()
        let mark = try bytes(path + "-mark")

        for offset in mark.indices {
            var damaged = mark
            damaged[offset] ^= 0xFF
            try Data(damaged).write(to: URL(fileURLWithPath: path + "-mark"))
            let entries = try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries
            #expect(entries == ["milk", "eggs", "bread"], "byte \(offset)")
        }
    }

    @Test func aDamagedDatabaseWithChangesInItsLogIsRefusedAndNeitherFileWritten() throws {
        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        try store.change(.append("milk"))
        // The files as a program killed now would leave them: the change in the log alone.
        let copy = folder.path("copy")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        var database = try bytes(copy)
        database[100 + 8] ^= 0xFF  // the schema page's header: its type of page
        try Data(database).write(to: URL(fileURLWithPath: copy))
        let log = try bytes(copy + "-wal")

        let error = #expect(throws: StoreError.self) { _ = try DurableVariant.sqlite.open(at: copy, initial: Ledger()) }

        #expect(error?.description.contains(copy) == true)
        #expect(try bytes(copy) == database)
        #expect(try bytes(copy + "-wal") == log)
        _ = store
    }

    private func writeThreeChanges() throws {
        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        for entry in ["milk", "eggs", "bread"] { try store.change(.append(entry)) }
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
