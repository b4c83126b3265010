import CSQLite
import Foundation
import Testing

/// A user who may only read a store (its files another user's, mode 644) and the log's index
/// (`-shm`): the first program to open it empties it and rebuilds it from the log a moment later,
/// and a reader who cannot rebuild it waits for that, as for a lock. Here this test holds the
/// index open and empties it, as such a program does, and rebuilds it when it chooses.
@Suite(
    "a user who may only read a store", .serialized,
    .enabled(if: AnotherUser.isAvailable, "acting as another user needs root and setpriv"))
struct ReadOnlyReaderProgramSpec {
    @Test(.slow)
    func waitsWhileTheLogIndexIsRebuiltThenReads() throws {
        let store = try ReadOnlyStore()
        defer { store.remove() }
        let holder = try SQLiteHolder(store.path)
        try store.emptyTheIndex()

        let reader = try AnotherUser.start(store.history)
        // Rebuilt once the reader says it waits: it has then found the index empty.
        let said = reader.error(upTo: "waiting for another program")
        try holder.read()
        let read = reader.finish()

        #expect(read.status == 0, "\(said)\(read.stderr)")
        #expect(read.stdout.split(separator: "\n").filter { $0.contains(" flip ") }.count == 2, "\(read.stdout)")
        #expect(
            said + read.stderr
                == "Warning: waiting for another program to let go of \(store.path) (for up to 30 s)\n")
        withExtendedLifetime(holder) {}
    }

    @Test(.slow)
    func givesUpOnAnIndexNeverRebuiltAfterTheTimeItWasGiven() throws {
        let store = try ReadOnlyStore()
        defer { store.remove() }
        let holder = try SQLiteHolder(store.path)
        try store.emptyTheIndex()
        let start = ContinuousClock.now

        let read = try AnotherUser.start(store.history, environment: ["APPCORE_LOCK_WAIT": "0.5"]).finish()

        #expect(ContinuousClock.now - start >= .seconds(0.5))
        #expect(read.status == 65)
        #expect(read.stdout.isEmpty)
        let gaveUp = "another program held it for 0.5 s, so this one gave up"
        #expect(read.stderr == "Error: could not lock the store at \(store.path): \(gaveUp)\n")
        withExtendedLifetime(holder) {}
    }
}

/// A store of two flips in a folder of its own, its files root's and readable by all, with a copy
/// of `coin` the other user may run (the programs under test may lie in a folder only root may
/// read).
private struct ReadOnlyStore {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-readonly-\(UUID())").path
    var coin: String { folder + "/coin" }
    var path: String { folder + "/coins.sqlite" }
    /// `coin history` on the store, as the other user runs it.
    var history: [String] { [coin, "history", "--store", "sqlite", "--data", path] }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(folder, 0o755) == 0)
        // Copied by another process: a descriptor of this one open on the copy is inherited by any
        // program another test starts meanwhile, and the copy cannot then be run ("text file busy").
        #expect(try ProgramRun.of("/bin/cp", [try ProgramRun.executable(named: "coin").path, coin]).status == 0)
        for _ in 0..<2 { #expect(try ProgramRun.of(coin, ["flip", "--store", "sqlite", "--data", path]).status == 0) }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasPrefix("coins.") {
            #expect(chmod(folder + "/" + file, 0o644) == 0)
        }
    }

    /// Writes zeros over the index's header, as the first program to open it does. From another
    /// process: closing a descriptor of the index in this one would let go of the holder's locks.
    func emptyTheIndex() throws {
        let zeros = ["if=/dev/zero", "of=\(path)-shm", "bs=136", "count=1", "conv=notrunc", "status=none"]
        #expect(try ProgramRun.of("/bin/dd", zeros).status == 0)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A connection of this process's own to an SQLite database, holding its log index open, as any
/// program that has read it does, until it is let go. A class: it owns the handle, closed once.
private final class SQLiteHolder {
    private var handle: OpaquePointer?

    init(_ path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
            appcore_keep_log_on_close(handle, 1) == SQLITE_OK
        else {
            sqlite3_close_v2(handle)
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        try read()
    }

    deinit { sqlite3_close_v2(handle) }

    /// Reads the database through its log: finding the log's index emptied, rebuilds it.
    func read() throws {
        guard sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
            let reason = String(cString: sqlite3_errmsg(handle))
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
}
