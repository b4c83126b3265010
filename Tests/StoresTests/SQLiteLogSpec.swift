import CSQLite
import Foundation
import Fractal
import StoreTestSupport
import Synchronization
import Testing

@testable import Stores

/// The SQLite store's write-ahead log stays beside the database between programs, so that a
/// change costs one sync. The mark beside it (`STORE-mark`: the number of the last change kept,
/// the store it was kept in by the identity inside the database, and the log it was written to)
/// tells a log lost or damaged since, or one left beside a file put in the store's place, from a
/// log that holds nothing more: each is refused, naming the store, and no file is written. A store
/// copied whole is the same store. A log that still holds changes is never copied into a database
/// found damaged.
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

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ChildProcess.strace), "needs strace to count"))
    func aChangeCostsOneSync() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "1"]).status == 0)
        let counts = folder.path("syncs")

        let run = try ChildProcess.run(
            traced: ["-f", "-c", "-o", counts, "-e", "trace=fsync,fdatasync"], exerciser: ["sqlite", path, "v", "1"])

        #expect(run.status == 0)
        #expect(try syncs(countedIn: counts) == 1)
    }

    /// The first program to open the log's index (`-shm`) rebuilds it from the log: SQLite empties
    /// its header for that, here by writing zeros over it rather than cutting the file, which
    /// keeps its size. An index an earlier program left, whose header still reads whole but names
    /// fewer changes than the log holds now, is never believed.
    @Test func anIndexAnEarlierProgramLeftIsRebuiltFromTheLogNotBelieved() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "1"]).status == 0)
        let earlier = try bytes(path + "-shm")
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "v", "2"]).status == 0)
        try Data(earlier).write(to: URL(fileURLWithPath: path + "-shm"))

        let run = try ChildProcess.run(exerciser: ["sqlite", path, "show"])

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.lines == ["w-0", "v-0", "v-1"])
        #expect(try bytes(path + "-shm").count == earlier.count)
    }

    /// A program opens the store without waiting for the write lock, so writers commit and mark
    /// changes while it reads: a change marked meanwhile is never said as a lost log. Programs
    /// opening the store while two others write, each committing 150 changes one by one, all
    /// read it.
    @Test(.slow) func programsOpeningTheStoreWhileOthersWriteNeverTakeAChangeMarkedMeanwhileForALostLog() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "1"]).status == 0)
        let runs = Mutex<[(status: Int32, errors: String)]>([])
        let path = path

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<(worker < 2 ? 1 : 40) {
                let arguments = worker < 2 ? ["sqlite", path, "writer\(worker)", "150"] : ["sqlite", path, "show"]
                let run = try? ChildProcess.run(exerciser: arguments)
                runs.withLock { $0.append((run?.status ?? -1, run?.errors ?? "did not run, round \(round)")) }
            }
        }

        let failed = runs.withLock { $0.filter { $0.status != 0 } }
        #expect(failed.isEmpty, "\(failed.map(\.errors))")
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries.count == 301)
    }

    @Test(arguments: ["removed", "emptied", "garbage"])
    func aLogLostOrDamagedAfterAProgramEndedIsRefusedNamingTheStore(_ damage: String) throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"]).status == 0)
        try damageLog(damage)
        let database = try bytes(path)

        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.hasPrefix("cannot read the store at \(path): it ends at change 0") == true)
        #expect(error?.description.contains("but change 3 was kept in it") == true)
        #expect(error?.description.contains("its log \(path)-wal was removed or damaged since") == true)
        #expect(try bytes(path) == database)
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

    @Test(arguments: [["-r"], ["-a"]])
    func aStoreCopiedWholeOpensWithEveryChange(_ options: [String]) throws {
        let (original, copy) = (folder.path("original"), folder.path("copy"))
        try FileManager.default.createDirectory(atPath: original, withIntermediateDirectories: false)
        #expect(try ChildProcess.run(exerciser: ["sqlite", original + "/store", "w", "3"]).status == 0)

        try copyFiles(options + [original, copy])  // the database, its log and its mark, as new files

        #expect(try inode(copy + "/store") != inode(original + "/store"))
        let store = try DurableVariant.sqlite.open(at: copy + "/store", initial: Ledger())
        #expect(try store.state().entries == ["w-0", "w-1", "w-2"])
        try store.change(.append("tea"))
        #expect(
            try DurableVariant.sqlite.open(at: copy + "/store", initial: Ledger()).state().entries == [
                "w-0", "w-1", "w-2", "tea",
            ])
        #expect(
            try DurableVariant.sqlite.open(at: original + "/store", initial: Ledger()).state().entries == [
                "w-0", "w-1", "w-2",
            ])
    }

    @Test(arguments: ["mv", "cp"])
    func anotherStoresFilePutInPlaceOfTheStoreBesideItsLogIsRefusedBeforeTheLogIsRead(_ how: String) throws {
        let other = folder.path("other")
        try DurableVariant.sqlite.open(at: other, initial: Ledger()).change(.append("restored"))
        try copyLogIntoDatabase(at: other)  // the other store's file alone holds it
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"]).status == 0)
        let log = try bytes(path + "-wal")

        if how == "mv" { #expect(rename(other, path) == 0) } else { try copyFiles([other, path]) }
        let database = try bytes(path)
        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.contains("its log \(path)-wal holds changes made to the file that was at") == true)
        #expect(try bytes(path) == database)
        #expect(try bytes(path + "-wal") == log)
        for name in ["-wal", "-shm", "-mark"] { try FileManager.default.removeItem(atPath: path + name) }
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == ["restored"])
    }

    @Test func anOlderCopyOfTheStorePutInItsPlaceBesideItsLogIsRefusedBeforeTheLogIsRead() throws {
        let older = folder.path("older")
        do {
            let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
            try store.change(.append("milk"))
            try copyLogIntoDatabase(at: path)
            try copyFiles([path, older])  // the database alone, holding milk
            try store.change(.append("eggs"))
            try copyLogIntoDatabase(at: path)
            try store.change(.append("bread"))  // in a log begun once the database held eggs
        }
        let log = try bytes(path + "-wal")

        try copyFiles([older, path])
        let database = try bytes(path)
        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.contains("its log \(path)-wal holds changes made to the file that was at") == true)
        #expect(try bytes(path) == database)
        #expect(try bytes(path + "-wal") == log)
    }

    @Test func aCopyPutInPlaceOfAStoreBesideItsLogIsRefusedUntilTheWriterCopiesTheLogIntoItsOwnFile() throws {
        let copy = folder.path("copy")
        try DurableVariant.sqlite.open(at: copy, initial: Ledger()).change(.append("restored"))
        try copyLogIntoDatabase(at: copy)  // the copy's file alone holds it
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

    @Test(arguments: [[""], ["", "-mark"]])
    func aStoreMadeAnewWhereOneWasRemovedReadsNeitherItsLogNorItsMark(_ removed: [String]) throws {
        for round in 0..<5 {
            _ = try writeThreeChanges()  // and let go of, as a program that ends does: the log stays
            for name in removed { try FileManager.default.removeItem(atPath: path + name) }

            let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
            try store.change(.append("tea"))

            #expect(try store.state().entries == ["tea"], "round \(round)")
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func aStoreAnEarlierVersionMadeIsGivenItsIdentityByItsFirstChangeAndItsDatabaseHoldsIt() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/Stores")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent("version2.sqlite" + suffix), to: URL(fileURLWithPath: path + suffix)
            )
        }
        let written = (0..<5).map { "f-\($0)" }

        try DurableVariant.sqlite.open(at: path, initial: Ledger()).change(.append("tea"))
        let copy = folder.path("copy")
        try copyFiles([path, copy])  // the database alone

        #expect(try DurableVariant.sqlite.open(at: copy, initial: Ledger()).state().entries == written + ["tea"])
        #expect(try sqliteInteger(at: copy, "SELECT count(*) FROM store") == 1)
        try DurableVariant.sqlite.open(at: path, initial: Ledger()).change(.append("milk"))
        #expect(
            try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == written + ["tea", "milk"])
    }

    @Test func aMarkAnEarlierVersionWroteIsStillReadByTheFileItNames() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"]).status == 0)
        try damageLog("removed")
        let inode = try inode(path)
        let device = try (FileManager.default.attributesOfItem(atPath: path)[.systemNumber] as? NSNumber)?.uint64Value
        let earlierMark = { (inode: UInt64, sequence: UInt64) in
            let bytes =
                Array("ApCoMark".utf8) + LittleEndian.bytes(of: device ?? 0) + LittleEndian.bytes(of: inode)
                + LittleEndian.bytes(of: sequence)
            return bytes + LittleEndian.bytes(of: CRC32.checksum(bytes))
        }

        try Data(earlierMark(inode + 1, 3)).write(to: URL(fileURLWithPath: path + "-mark"))
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == [])
        try Data(earlierMark(inode, 3)).write(to: URL(fileURLWithPath: path + "-mark"))
        let error = #expect(throws: StoreError.self) { try DurableVariant.sqlite.open(at: path, initial: Ledger()) }

        #expect(error?.description.contains("it ends at change 0, but change 3 was kept in it") == true)
    }

    /// The next program to write copies a log past its limit into the database, then writes its
    /// change over the log from its start: the file keeps its place and its size, so that a
    /// change's sync does not make it longer, and what it held before its new start is still
    /// read from the database.
    @Test func aFullLogIsCopiedByTheNextWriterWhichWritesOverItFromItsStart() throws {
        var programs = 0
        while try fileSize(path + "-wal") <= SQLiteJournal<Ledger>.logLimit, programs < 100 {
            #expect(try ChildProcess.run(exerciser: ["sqlite", path, "p\(programs)", "1"]).status == 0)
            programs += 1
        }
        let (full, file) = (try bytes(path + "-wal"), try inode(path + "-wal"))

        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "next", "1"]).status == 0)

        let log = try bytes(path + "-wal")
        #expect(try inode(path + "-wal") == file)
        #expect(log.count == full.count)
        let (begunAgain, endUnwritten) = (log[16..<24] != full[16..<24], log.suffix(4096) == full.suffix(4096))
        #expect(begunAgain)  // another generation of the log, begun at its start
        #expect(endUnwritten)
        let entries = try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries
        #expect(entries == (0..<programs).map { "p\($0)-0" } + ["next-0"])
    }

    /// A change that takes the log past four times its limit has it copied and emptied at once:
    /// the next program would read it whole as it opens.
    @Test func aLogOneChangeMadeLargeIsEmptiedAtOnce() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "1"]).status == 0)
        #expect(try fileSize(path + "-wal") > 0)

        let run = try ChildProcess.run(exerciser: ["sqlite", path, "large", "1", "pairs", "400000"])

        #expect(run.status == 0, "\(run.errors)")
        #expect(try fileSize(path + "-wal") == 0)
        let entries = try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries
        #expect(entries.map { $0.prefix(9) } == ["w-0", "large-0-a", "large-0-b"])
    }

    /// A writer does not wait to copy a full log: while a reader keeps reading what the log
    /// holds, each change is written after the log's end at once, rather than after the writer's
    /// patience (ten seconds here) ran out; the first change after the reader is done copies the
    /// log and starts it over.
    @Test func noWriterWaitsToCopyAFullLogWhileAReaderKeepsReadingIt() throws {
        let store = try createSQLiteStore(at: path, initial: Ledger(), patience: LockPatience(giveUpAfter: 10))
        var entries: [String] = []
        while try fileSize(path + "-wal") <= SQLiteJournal<Ledger>.logLimit, entries.count < 400 {
            entries.append("entry \(entries.count) " + String(repeating: "x", count: 400))
            try store.change(.append(entries.last!))
        }
        try #require(try fileSize(path + "-wal") > SQLiteJournal<Ledger>.logLimit)
        var reader: OpaquePointer?
        defer { sqlite3_close(reader) }
        #expect(sqlite3_open(path, &reader) == SQLITE_OK)
        #expect(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM changes;", nil, nil, nil) == SQLITE_OK)
        let full = try fileSize(path + "-wal")

        let began = ContinuousClock.now
        for index in 0..<3 {
            entries.append("while read \(index)")
            try store.change(.append(entries.last!))
        }
        let took = ContinuousClock.now - began

        #expect(took < .seconds(5), "\(took)")
        let grown = try bytes(path + "-wal")
        #expect(grown.count > full)
        #expect(sqlite3_exec(reader, "COMMIT", nil, nil, nil) == SQLITE_OK)

        entries.append("after the read")
        try store.change(.append(entries.last!))

        let log = try bytes(path + "-wal")
        let begunAgain = log[16..<24] != grown[16..<24]
        #expect(begunAgain)
        #expect(log.count == grown.count)
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == entries)
    }

    /// A writer that follows its path to a file put in the store's place reads that file before
    /// it copies any log into it: another program's database, moved in beside a full log of its
    /// own while the writer had the store open, is refused and never written.
    @Test func aDatabaseNotOursPutInPlaceBesideAFullLogOfItsOwnIsNeverWritten() throws {
        let store = try createSQLiteStore(at: path, initial: Ledger())
        try store.change(.append("milk"))
        // Another program's database, its log past the limit, the connection that wrote it still
        // open so that its log stays as it is.
        let other = folder.path("other")
        var writer: OpaquePointer?
        defer { sqlite3_close(writer) }
        #expect(sqlite3_open(other, &writer) == SQLITE_OK)
        let setUp = "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE notes (text BLOB);"
        #expect(sqlite3_exec(writer, setUp, nil, nil, nil) == SQLITE_OK)
        for _ in 0..<40 {
            #expect(sqlite3_exec(writer, "INSERT INTO notes VALUES (zeroblob(4000))", nil, nil, nil) == SQLITE_OK)
        }
        try #require(try fileSize(other + "-wal") > SQLiteJournal<Ledger>.logLimit)
        let database = try bytes(other)
        for suffix in ["", "-wal", "-shm"] {
            _ = try? FileManager.default.removeItem(atPath: path + suffix)
            try FileManager.default.moveItem(atPath: other + suffix, toPath: path + suffix)
        }

        #expect(throws: StoreError.self) { try store.change(.append("bread")) }

        let untouched = try bytes(path) == database
        #expect(untouched)
    }

    @Test func aProgramThatOnlyReadsNeverCopiesALogPastItsLimitIntoTheDatabase() throws {
        do {
            let store = try createSQLiteStore(at: path, initial: Ledger(), patience: LockPatience(giveUpAfter: 0))
            try store.change(.append("milk"))
            // A reader that keeps reading what it first read: the writer cannot empty the log, and
            // gives up at once, so the log grows past its limit.
            var reader: OpaquePointer?
            defer { sqlite3_close(reader) }
            #expect(sqlite3_open(path, &reader) == SQLITE_OK)
            #expect(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM changes;", nil, nil, nil) == SQLITE_OK)
            for index in 0..<60 { try store.change(.append("entry \(index)")) }
            #expect(sqlite3_exec(reader, "COMMIT", nil, nil, nil) == SQLITE_OK)
        }
        let (database, log) = (try bytes(path), try bytes(path + "-wal"))
        #expect(log.count > SQLiteJournal<Ledger>.logLimit)

        let run = try ChildProcess.run(exerciser: ["sqlite", path, "show"])

        #expect(run.status == 0 && run.lines.count == 61, "\(run.errors)")
        #expect(try bytes(path) == database)
        #expect(try bytes(path + "-wal") == log)
    }

    @Test func aMarkRemovedChangesNothingRead() throws {
        #expect(try ChildProcess.run(exerciser: ["sqlite", path, "w", "3"]).status == 0)

        try FileManager.default.removeItem(atPath: path + "-mark")

        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == ["w-0", "w-1", "w-2"])
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

    /// Runs `cp` with `arguments`, as a person copying the files would.
    private func copyFiles(_ arguments: [String]) throws {
        let process = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: arguments)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "cp \(arguments)")
    }

    private func inode(_ path: String) throws -> UInt64 {
        try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// The number of syncs in a table `strace -c` wrote.
    private func syncs(countedIn table: String) throws -> Int {
        let text = try String(contentsOfFile: table, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasSuffix(" fsync") || $0.hasSuffix(" fdatasync") }
            .map { Int($0.split(separator: " ", omittingEmptySubsequences: true)[3]) ?? 0 }.reduce(0, +)
    }

    /// The size of the file at `path`, 0 where there is none.
    private func fileSize(_ path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
