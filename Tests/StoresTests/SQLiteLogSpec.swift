import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

/// The SQLite store's write-ahead log: once a program that wrote has let go of the store, the
/// database alone holds every acknowledged change, so losing or damaging the log then loses
/// nothing. A program killed before it let go leaves its changes in the log alone: the mark beside
/// the store (`STORE-mark`, the number of the last change kept and the file it was kept in) tells
/// that log lost or damaged since, or left beside a copy put in the store's place, from one that
/// holds nothing more; each is refused, naming the store, and no file is written. A log that
/// still holds changes is never copied into a database found damaged.
@Suite("SQLite log")
struct SQLiteLogSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store")
    }

    @Test func aProgramThatWroteLeavesTheDatabaseAndItsMark() throws {
        let run = try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"])

        #expect(run.status == 0)
        #expect(try names() == ["store", "store-mark"])
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == ["w-0", "w-1", "w-2"])
    }

    @Test(arguments: ["removed", "emptied", "garbage"])
    func theLogLostOrDamagedAfterAProgramEndedLosesNothing(_ damage: String) throws {
        _ = try writeThreeChanges()  // and let go of, as a program that ends does
        try damageLog(damage)

        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        #expect(try store.state().entries == ["milk", "eggs", "bread"])
        try store.change(.append("tea"))
        #expect(
            try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == [
                "milk", "eggs", "bread", "tea",
            ])
    }

    @Test(arguments: ["removed", "emptied", "garbage"])
    func theLogOfAProgramKilledLostOrDamagedSinceIsRefusedNamingTheStore(_ damage: String) throws {
        let writer = try ChildProcess(exerciser: ["sqlite", path, "w", "100000"])
        let acknowledged = writer.readLines(atLeast: 3)
        writer.kill()  // its changes are in the log alone
        _ = writer.finish()
        #expect(acknowledged.count >= 3)
        try damageLog(damage)
        let database = try bytes(path)

        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.hasPrefix("cannot read the store at \(path): it ends at change ") == true)
        #expect(error?.description.contains("its log \(path)-wal was removed or damaged since") == true)
        #expect(try bytes(path) == database)
    }

    @Test func aCopyPutInPlaceOfAStoreBesideItsLogIsRefusedUntilTheWriterCopiesTheLogIntoItsOwnFile() throws {
        let copy = folder.path("copy")
        try DurableVariant.sqlite.open(at: copy, initial: Ledger()).change(.append("restored"))
        let writer = try writeThreeChanges()  // still open: its changes are in the log alone
        let replaced = folder.path("replaced")

        #expect(link(path, replaced) == 0 && rename(copy, path) == 0)
        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }
        #expect(error?.description.contains("its log \(path)-wal holds changes made to the file that was at") == true)
        try writer.change(.append("tea"))  // sees the replacement, copies its log into its own file, follows

        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == ["restored", "tea"])
        #expect(
            try DurableVariant.sqlite.open(at: replaced, initial: Ledger()).state().entries == [
                "milk", "eggs", "bread",
            ])
    }

    @Test func aStoreMovedWithItsLogAndItsMarkOpensWhole() throws {
        let writer = try writeThreeChanges()  // still open: its changes are in the log alone
        let moved = folder.path("moved")

        for name in ["", "-wal", "-mark"] { #expect(rename(path + name, moved + name) == 0) }

        #expect(
            try DurableVariant.sqlite.open(at: moved, initial: Ledger()).state().entries == ["milk", "eggs", "bread"])
        _ = writer
    }

    @Test func aStoreMadeAnewWhereOneWasRemovedIsNotHeldToTheOldOnesMark() throws {
        for round in 0..<5 {
            _ = try writeThreeChanges()  // and let go of, as a program that ends does
            try FileManager.default.removeItem(atPath: path)  // the database alone

            let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
            try store.change(.append("tea"))

            #expect(try store.state().entries == ["tea"], "round \(round)")
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func aMarkDamagedAnywhereChangesNothingRead() throws {
        let writer = try writeThreeChanges()
        let mark = try bytes(path + "-mark")

        for offset in mark.indices {
            var damaged = mark
            damaged[offset] ^= 0xFF
            try Data(damaged).write(to: URL(fileURLWithPath: path + "-mark"))
            let entries = try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries
            #expect(entries == ["milk", "eggs", "bread"], "byte \(offset)")
        }
        _ = writer
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

    /// Three changes, by a store left open, as a program still running (or killed) leaves it.
    private func writeThreeChanges() throws -> Store<Ledger> {
        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        for entry in ["milk", "eggs", "bread"] { try store.change(.append(entry)) }
        return store
    }

    private func damageLog(_ damage: String) throws {
        let log = path + "-wal"
        switch damage {
        case "removed": try? FileManager.default.removeItem(atPath: log)
        case "emptied": try Data().write(to: URL(fileURLWithPath: log))
        default: try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: log))
        }
        try? FileManager.default.removeItem(atPath: path + "-shm")
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
