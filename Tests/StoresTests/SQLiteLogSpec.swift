import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

/// The SQLite store's write-ahead log: once a program that wrote has let go of the store, the
/// database alone holds every acknowledged change, so losing or damaging the log loses nothing.
/// A log that still holds changes (a program killed before it let go) is never copied into a
/// database found damaged.
@Suite("SQLite log")
struct SQLiteLogSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store")
    }

    @Test func aProgramThatWroteLeavesTheDatabaseAlone() throws {
        try writeThreeChanges()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["store"])
    }

    @Test func aProgramThatWroteInAnotherProcessLeavesTheDatabaseAlone() throws {
        let run = try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["store"])
    }

    @Test(arguments: ["removed", "emptied", "garbage"])
    func theLogLostOrDamagedAfterAProgramLoseNothing(_ damage: String) throws {
        try writeThreeChanges()
        let log = path + "-wal"
        switch damage {
        case "removed": try? FileManager.default.removeItem(atPath: log)
        case "emptied": try Data().write(to: URL(fileURLWithPath: log))
        default: try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: log))
        }
        try? FileManager.default.removeItem(atPath: path + "-shm")

        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        #expect(try store.state().entries == ["milk", "eggs", "bread"])
        try store.change(.append("tea"))
        #expect(
            try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == [
                "milk", "eggs", "bread", "tea",
            ])
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

    private func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
