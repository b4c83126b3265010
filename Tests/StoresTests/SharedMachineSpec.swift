import Foundation
import Fractal
import StoreTestSupport
import Synchronization
import Testing

@testable import Stores

/// What other users, links and restored copies on one machine can do to a store's files.
@Suite("A store on a shared machine")
struct SharedMachineSpec {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Entries of half a kilobyte make a store rewrite its snapshot every few changes.
    static let padding = String(repeating: "x", count: 500)

    @Test(arguments: DurableVariant.files)
    func everyFileAStoreMakesIsItsOwnersAlone(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        let store = try variant.open(at: path, initial: Ledger())
        for index in 0..<40 { try store.change(.append("\(index) \(Self.padding)")) }  // rewrites too

        let made = try names().filter { $0.hasPrefix("store") }
        #expect(made.count >= (variant == .disk ? 2 : 3), "\(made)")  // the store, its lock or log and index
        for name in made { #expect(try mode(name) == 0o600, "\(name)") }
    }

    @Test(arguments: DurableVariant.files)
    func aStoreSharedByAGroupStaysSharedWhenItIsRewritten(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        try variant.open(at: path, initial: Ledger()).change(.append("milk"))
        #expect(chmod(path, 0o660) == 0)
        try? FileManager.default.removeItem(atPath: path + "-mark")  // made again by the next change

        let store = try variant.open(at: path, initial: Ledger())
        for index in 0..<40 { try store.change(.append("\(index) \(Self.padding)")) }

        #expect(try mode("store") == 0o660)
        if variant == .sqlite { #expect(try mode("store-mark") == 0o660) }
    }

    /// A mark given a mode the store's has not (here the sticky bit) takes the store's mode again
    /// from the next program that writes: its mode is set only where it differs, special bits
    /// counted.
    @Test func aMarkOfAnotherModeTakesTheStoresModeFromTheNextWriter() throws {
        let path = folder.path("store")
        try DurableVariant.sqlite.open(at: path, initial: Ledger()).change(.append("milk"))
        #expect(chmod(path + "-mark", 0o1600) == 0)

        try DurableVariant.sqlite.open(at: path, initial: Ledger()).change(.append("bread"))

        var mark = stat()
        #expect(stat(path + "-mark", &mark) == 0)
        #expect(mark.st_mode & 0o7777 == 0o600)
    }

    @Test(arguments: DurableVariant.files)
    func aStoreReachedThroughALinkIsTheFileItLeadsToAndTheLinkStays(_ variant: DurableVariant) throws {
        let real = folder.path("real.store")
        let link = folder.path("link.store")
        try variant.open(at: real, initial: Ledger()).change(.append("milk"))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)

        let store = try variant.open(at: link, initial: Ledger())
        for index in 0..<40 { try store.change(.append("\(index) \(Self.padding)")) }  // rewrites too

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        #expect(try variant.open(at: real, initial: Ledger()).state().entries.count == 41)
        #expect(try names().allSatisfy { !$0.hasPrefix("link.store.") })  // no lock of its own, no log
    }

    @Test(arguments: DurableVariant.files)
    func writersThroughALinkAndThroughTheFileShareOneLockAndLoseNothing(_ variant: DurableVariant) throws {
        let real = folder.path("real.store")
        let link = folder.path("link.store")
        try variant.open(at: real, initial: Ledger()).change(.append("start"))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)

        let writers = try [real, link, real, link].enumerated().map { index, path in
            try ChildProcess(exerciser: [variant.rawValue, path, "w\(index)", "60", "single", "200"])
        }
        let runs = writers.map { $0.finish() }

        #expect(runs.map(\.status) == [0, 0, 0, 0])
        #expect(runs.map(\.lines.count) == [60, 60, 60, 60])
        #expect(try variant.open(at: real, initial: Ledger()).state().entries.count == 241)
    }

    @Test(arguments: DurableVariant.files)
    func aStoreWithASecondNameIsRefusedForTheLocksWouldSplitIt(_ variant: DurableVariant) throws {
        let (real, second) = (folder.path("real.store"), folder.path("second.store"))
        try variant.open(at: real, initial: Ledger()).change(.append("milk"))
        let before = try Data(contentsOf: URL(fileURLWithPath: real))

        #expect(link(real, second) == 0)

        for name in [real, second] {
            let error = #expect(throws: StoreError.self) { try variant.open(at: name, initial: Ledger()) }
            #expect(error?.description.contains("it has 2 names (hard links)") == true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: real)) == before)
        #expect(unlink(second) == 0)
        #expect(try variant.open(at: real, initial: Ledger()).state().entries == ["milk"])
    }

    /// The SQLite store is made under a name of its own, then linked into place: for a moment the
    /// file has two names. A program opening it then, which finds that name gone by the time it
    /// reads the folder, looks again rather than refusing a store with one name. Before, 3 rounds
    /// in 100 had a program refuse it.
    @Test(.slow) func programsOpeningAStoreAsItIsMadeNeverTakeItsMakingNameForASecondName() throws {
        let variant = DurableVariant.sqlite
        for round in 0..<100 {
            let path = folder.path("store \(round)")
            let writers = try (0..<6).map { try ChildProcess(exerciser: [variant.rawValue, path, "p\($0)", "1"]) }
            #expect(writers.map { $0.finish().status } == [0, 0, 0, 0, 0, 0], "round \(round)")
            #expect(try variant.open(at: path, initial: Ledger()).state().entries.count == 6)
        }
    }

    @Test(arguments: DurableVariant.files)
    func aLinkPlantedWhereTheStoreMakesAFileIsNeverWrittenThrough(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        let victim = folder.path("victim")
        try Data("private\n".utf8).write(to: URL(fileURLWithPath: victim))
        let side = variant == .disk ? ".lock" : "-wal"
        try FileManager.default.createSymbolicLink(atPath: path + side, withDestinationPath: victim)

        #expect(throws: StoreError.self) { try variant.open(at: path, initial: Ledger()) }

        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "private\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: DurableVariant.files)
    func aLinkToNothingIsNotWhereAStoreIsMade(_ variant: DurableVariant) throws {
        let link = folder.path("link.store")
        let target = folder.path("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        #expect(
            throws: StoreError.unreadable(
                path: link,
                reason: "it is a link to a file that is not there, and a store is never made through a link")
        ) { try variant.open(at: link, initial: Ledger()) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test
    func aRewriteMakesItsFileUnderANameNoOneCanGuess() throws {
        let path = folder.path("store")
        let victim = folder.path("victim")
        try Data("private\n".utf8).write(to: URL(fileURLWithPath: victim))
        // The names a rewrite used to make its new file under, planted before it is made.
        try FileManager.default.createSymbolicLink(atPath: path + ".new-\(getpid())", withDestinationPath: victim)

        let store = try createDiskStore(at: path, initial: Ledger())
        for index in 0..<40 { try store.change(.append("\(index) \(Self.padding)")) }

        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "private\n")
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries.count == 40)
        #expect(try names().filter { $0.hasPrefix("store.new-") } == ["store.new-\(getpid())"])
    }

    @Test(.slow, arguments: DurableVariant.files)
    func aLockHeldByAnotherProgramIsSaidWithinASecondAndGivenUpOn(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        try variant.open(at: path, initial: Ledger()).change(.append("milk"))
        try holdLock(variant, at: path, for: 4)
        let warnings = WarningLog()
        let start = ContinuousClock.now

        // The disk store waits as it opens; SQLite reads without waiting, and its change waits.
        #expect(throws: StoreError.self) {
            let store = try variant.open(
                at: path, initial: Ledger(), warn: warnings.warn, patience: LockPatience(giveUpAfter: 1.5))
            try store.change(.append("tea"))
        }

        let waited = ContinuousClock.now - start
        #expect(waited >= .seconds(1.5) && waited < .seconds(5), "\(waited)")
        #expect(warnings.said.count == 1)
        #expect(warnings.said.first?.hasPrefix("waiting for another program to let go of \(path)") == true)
        #expect(warnings.said.first?.hasSuffix(" (for up to 1.5 s)") == true)
    }

    /// A program that reads an SQLite store does not wait for one writing it (a large import, a
    /// writer stopped half-way): it reads what was committed, and only a change waits.
    @Test func anSQLiteStoreIsOpenedAndReadWhileAnotherProgramHoldsItsWriteLock() throws {
        let path = folder.path("store")
        try DurableVariant.sqlite.open(at: path, initial: Ledger()).change(.append("milk"))
        try holdLock(.sqlite, at: path, for: 3)
        let warnings = WarningLog()
        let start = ContinuousClock.now

        let store = try DurableVariant.sqlite.open(
            at: path, initial: Ledger(), warn: warnings.warn, patience: LockPatience(giveUpAfter: 2))
        let entries = try store.state().entries

        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(entries == ["milk"])
        #expect(warnings.said.isEmpty)
    }

    @Test(.slow, arguments: DurableVariant.files)
    func aLockLetGoOfWithinThePatienceIsTakenAndTheChangeKept(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        try variant.open(at: path, initial: Ledger()).change(.append("milk"))
        try holdLock(variant, at: path, for: 0.3)

        let store = try variant.open(at: path, initial: Ledger(), patience: LockPatience(giveUpAfter: 10))
        try store.change(.append("tea"))

        #expect(try store.state().entries == ["milk", "tea"])
    }

    @Test(arguments: DurableVariant.files)
    func aChangeKeptInAFileReplacedMeanwhileIsNotAcknowledgedAndSaysWhereItWent(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        let moved = folder.path("store.moved")
        let copy = folder.path("copy")
        try variant.open(at: path, initial: Ledger()).change(.append("milk"))
        if variant == .sqlite { try copyLogIntoDatabase(at: path) }  // a copy is taken whole
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let journal = try variant.journal(at: path)
        var state = try journal.exclusively { try journal.load() }

        let wentTo = "the file that was there before, now at \(moved)"

        // A copy restored over the store, by `mv`, between the catch-up and the commit.
        #expect(throws: StoreError.replaced(path: path, keptIn: wentTo)) {
            try journal.exclusively {
                try journal.catchUp(&state)
                try state.apply(.append("tea"))
                #expect(rename(path, moved) == 0 && rename(copy, path) == 0)
                try journal.append([.append("tea")], reaching: state)
            }
        }

        #expect(try variant.open(at: path, initial: Ledger()).state().entries == ["milk"])
        #expect(try variant.open(at: moved, initial: Ledger()).state().entries == ["milk", "tea"])
    }

    @Test(arguments: DurableVariant.files)
    func aStoreReplacedBetweenChangesIsFollowedToTheFileThePathNamesNow(_ variant: DurableVariant) throws {
        let path = folder.path("store")
        let other = folder.path("other")
        try variant.open(at: other, initial: Ledger()).change(.append("restored"))
        if variant == .sqlite { try copyLogIntoDatabase(at: other) }  // a copy is taken whole
        let store = try variant.open(at: path, initial: Ledger())
        try store.change(.append("milk"))
        if variant == .sqlite { try copyLogIntoDatabase(at: path) }  // its log holds nothing more

        #expect(rename(other, path) == 0)
        try store.change(.append("tea"))

        #expect(try store.state().entries == ["restored", "tea"])
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == ["restored", "tea"])
    }

    @Test
    func anSQLiteStoreReplacedWhileItsLogHoldsChangesIsFollowedAndTheLogGoesToTheFileItBelongsTo() throws {
        let path = folder.path("store")
        let other = folder.path("other")
        try createSQLiteStore(at: other, initial: Ledger()).change(.append("restored"))
        try copyLogIntoDatabase(at: other)  // the other file alone holds it
        let store = try createSQLiteStore(at: path, initial: Ledger())
        try store.change(.append("milk"))  // in the log, found by the path's name
        let moved = folder.path("moved")

        #expect(link(path, moved) == 0 && rename(other, path) == 0)
        try store.change(.append("tea"))

        #expect(try createSQLiteStore(at: moved, initial: Ledger()).state().entries == ["milk"])
        #expect(try createSQLiteStore(at: path, initial: Ledger()).state().entries == ["restored", "tea"])
    }

    /// A backup of the database alone restored by `mv` while a program has the store open, and
    /// changes since the backup are in the log: the file it replaced has no name left, and the
    /// program holding it is the last that can read it.
    @Test
    func anOlderCopyRestoredWhileTheStoreIsOpenLosesNoChangeTheFileItReplacedHeld() throws {
        let path = folder.path("store")
        let warnings = WarningLog()
        let store = try createSQLiteStore(at: path, initial: Ledger(), warn: warnings.warn)
        try store.change(.append("milk"))
        try copyLogIntoDatabase(at: path)
        let backup = folder.path("backup")
        try FileManager.default.copyItem(atPath: path, toPath: backup)
        try store.change(.append("tea"))  // acknowledged, in the log alone
        var replaced = stat()
        #expect(stat(path, &replaced) == 0)

        #expect(rename(backup, path) == 0)
        #expect(throws: StoreError.self) { try store.change(.append("bread")) }  // not written past it

        let copy = path + ".replaced-\(replaced.st_ino)-2"  // the file, and the last change it holds
        #expect(try createSQLiteStore(at: copy, initial: Ledger()).state().entries == ["milk", "tea"])
        #expect(try mode(copy.split(separator: "/").last.map(String.init) ?? "") == 0o600)
        #expect(warnings.said.count == 1 && warnings.said.first?.contains("is kept at \(copy)") == true)
        let refusal = #expect(throws: StoreError.self) { try createSQLiteStore(at: path, initial: Ledger()) }
        #expect(refusal?.description.contains("the file it replaced holds it, kept at \(copy)") == true)
        #expect(unlink(path + "-mark") == 0)  // the older copy was put there on purpose
        #expect(try createSQLiteStore(at: path, initial: Ledger()).state().entries == ["milk"])
    }

    @Test
    func aChangeRefusedOnAFullDiskDoesNotSayItWasKept() throws {
        let disk = try SmallDisk(kilobytes: 192)
        let path = disk.path("store")
        // Another program's changes, still in the log: copying them in needs room the disk lacks.
        let other = try createSQLiteStore(at: path, initial: Ledger())
        for index in 0..<3 { try other.change(.append("\(index) \(String(repeating: "x", count: 6_000))")) }
        let warnings = WarningLog()

        try {
            let store = try createSQLiteStore(at: path, initial: Ledger(), warn: warnings.warn)
            fillUp(disk.path("filler"))
            #expect(throws: StoreError.self) {
                try store.change(.append("tea \(String(repeating: "x", count: 20_000))"))
            }
        }()

        #expect(warnings.said.isEmpty, "\(warnings.said)")
        withExtendedLifetime(other) {}
    }

    /// Writes a file until the disk holding it is full.
    private func fillUp(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while write(descriptor, block, block.count) > 0 {}
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private func mode(_ name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: folder.path(name))[.posixPermissions] as? Int) ?? -1
    }
}

/// Another program's hold on a store's lock for `seconds`: the disk store's lock file locked, or
/// an SQLite write transaction begun. Returns once the lock is held; a thread of its own lets go.
private func holdLock(_ variant: DurableVariant, at path: String, for seconds: Double) throws {
    let taken = DispatchSemaphore(value: 0)
    let failure = Mutex<(any Error)?>(nil)
    let holder = Thread {
        do {
            let release: () -> Void
            if variant == .disk {
                let descriptor = open(path + ".lock", O_RDONLY)
                guard flock(descriptor, LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
                release = { close(descriptor) }
            } else {
                let connection = try SQLiteConnection(path: path)
                try connection.execute("BEGIN IMMEDIATE")
                release = { connection.close() }
            }
            taken.signal()
            Thread.sleep(forTimeInterval: seconds)
            release()
        } catch {
            failure.withLock { $0 = error }
            taken.signal()
        }
    }
    holder.start()
    taken.wait()
    if let error = failure.withLock({ $0 }) { throw error }
}

extension DurableVariant {
    /// The journal of the store at `path`, for the specifications that act between its steps.
    fileprivate func journal(at path: String) throws -> any Journal<Ledger> {
        switch self {
        case .disk: try DiskJournal(path: path, initial: Ledger(), warn: warnOnStandardError, patience: .standard)
        default: try SQLiteJournal(path: path, initial: Ledger(), warn: warnOnStandardError, patience: .standard)
        }
    }

    fileprivate func open(
        at path: String, initial: Ledger, warn: @escaping StoreWarning = warnOnStandardError, patience: LockPatience
    ) throws -> Store<Ledger> {
        switch self {
        case .disk: try createDiskStore(at: path, initial: initial, warn: warn, patience: patience)
        default: try createSQLiteStore(at: path, initial: initial, warn: warn, patience: patience)
        }
    }
}
