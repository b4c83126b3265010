import CSQLite
import Foundation
import Testing

/// What the programs make on a machine other users share, and how they wait for one another.
@Suite("the programs on a shared machine")
struct SharedMachineProgramSpec {
    @Test(arguments: ["sqlite", "disk"], ["022", "000"])
    func theDataFolderAndEveryFileInItAreTheUsersAloneUnderAnOpenUmask(_ store: String, _ umask: String) throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-private-\(UUID())").path
        let home = top + "/share"
        defer { try? FileManager.default.removeItem(atPath: top) }

        // A shell sets the umask, then becomes the program.
        let run = try ProgramRun.of(
            "/bin/sh", ["-c", "umask \(umask) && exec \"$0\" flip --store \(store)", try coin()],
            environment: ["XDG_DATA_HOME": home])

        #expect(run.status == 0, "\(run.stderr)")
        let folder = home + "/appcore"
        for made in [top, home, folder] { #expect(try permissions(made) == 0o700, "\(made)") }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!files.isEmpty)
        for file in files { #expect(try permissions(folder + "/" + file) == 0o600, "\(file)") }
    }

    /// An empty `APPCORE_DATA` is no place, as an empty `APPCORE_LOCK_WAIT` is no time: the store
    /// is kept where it is when the variable is unset, in every store that keeps a file.
    @Test(arguments: ["sqlite", "disk"])
    func anEmptyDataVariableKeepsTheStoreInItsDefaultPlace(_ store: String) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-empty-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_DATA_HOME": home, "APPCORE_STORE": store, "APPCORE_DATA": ""]

        let flip = try ProgramRun.of("coin", ["flip"], environment: environment)
        let history = try ProgramRun.of("coin", ["history"], environment: environment)

        #expect(flip.status == 0, "\(flip.stderr)")
        #expect(flip.stderr == "")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: home + "/appcore")).isEmpty)
        // The flip was kept, and is read back from the same place.
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.split(separator: "\n").filter { $0.contains(" flip ") }.count == 1, "\(history.stdout)")
    }

    @Test
    func aProgramWaitingForALockSaysSoThenGivesUpAfterTheTimeItWasGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-lock-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/todo.store"
        let arguments = ["list", "--store", "disk", "--data", path]
        #expect(try ProgramRun.of("todo", ["add", "milk", "--store", "disk", "--data", path]).status == 0)
        let holder = open(path + ".lock", O_RDONLY)  // as any other program, or user, that may read it
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let start = ContinuousClock.now

        let run = try ProgramRun.of("todo", arguments, environment: ["APPCORE_LOCK_WAIT": "1.5"])

        let waited = ContinuousClock.now - start
        #expect(waited >= .seconds(1.5) && waited < .seconds(6), "\(waited)")
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(
            lines.first
                == "Warning: waiting for another program to let go of \(path).lock (for up to 1.5 s)")
        #expect(lines.last?.hasPrefix("Error: could not lock the store at \(path).lock: another program held") == true)
        #expect(lines.count == 2)
        flock(holder, LOCK_UN)
        #expect(try ProgramRun.of("todo", arguments).stdout.contains("milk"))
    }

    @Test(
        .enabled(if: AnotherUser.isAvailable, "acting as another user needs root and setpriv"),
        arguments: ["disk", "sqlite"])
    func anotherUserCanNeitherReadAStoreInASharedFolderNorTakeItsLock(_ store: String) throws {
        // A team's shared folder, as /tmp is: anyone may make files in it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-shared-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(folder, 0o1777) == 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/team.store"
        let options = ["--store", store, "--data", path]
        #expect(try ProgramRun.of("todo", ["add", "the safe's code is 1234"] + options).status == 0)

        let read = try AnotherUser.run(["cat", path])
        let locked = try AnotherUser.run([
            "flock", "--exclusive", "--nonblock", store == "disk" ? path + ".lock" : path, "true",
        ])

        #expect(read.status != 0 && !read.stdout.contains("1234"))
        #expect(locked.status != 0)
        #expect(try ProgramRun.of("todo", ["list"] + options).stdout.contains("1234"))
    }

    @Test(
        .enabled(if: AnotherUser.isAvailable, "acting as another user needs root and setpriv"),
        arguments: ["disk", "sqlite"], ["a link to their file", "their lock"])
    func whatAnotherUserPutInASharedFolderIsNeitherFollowedNorWaitedOn(_ store: String, _ planted: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-planted-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(folder, 0o1777) == 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, theirs) = (folder + "/team.store", folder + "/theirs")
        let side = store == "disk" ? ".lock" : "-wal"
        let plant =
            planted == "their lock"
            ? "umask 0 && : > \(path)\(side)" : "umask 0 && : > \(theirs) && ln -s \(theirs) \(path)"
        #expect(try AnotherUser.run(["sh", "-c", plant]).status == 0)
        let start = ContinuousClock.now

        let run = try ProgramRun.of("todo", ["add", "the safe's code", "--store", store, "--data", path])

        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(run.status == 65)
        #expect(run.stderr.contains("of another user (uid 65534) in a folder anyone may write"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(((try? Data(contentsOf: URL(fileURLWithPath: theirs))) ?? Data()).isEmpty)
    }

    /// The first program to open a store's log index empties it, then rebuilds it from the log: a
    /// user who may only read the store, and so cannot rebuild it, waits for that, as for a lock.
    /// Here this test holds the index open and empties it, as such a program does, and rebuilds it
    /// only once the reader has found it empty.
    @Test(.enabled(if: AnotherUser.isAvailable, "acting as another user needs root and setpriv"))
    func aUserWhoMayOnlyReadAStoreWaitsWhileItsLogIndexIsRebuilt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-index-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(chmod(folder, 0o755) == 0)
        // A copy the other user may run: the programs under test may lie in a folder only root may read.
        let coin = folder + "/coin"
        try FileManager.default.copyItem(atPath: try self.coin(), toPath: coin)
        let path = folder + "/coins.sqlite"
        for _ in 0..<2 { #expect(try ProgramRun.of(coin, ["flip", "--store", "sqlite", "--data", path]).status == 0) }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasPrefix("coins.") {
            #expect(chmod(folder + "/" + file, 0o644) == 0)
        }
        let holder = try SQLiteHolder(path)
        // Emptied by another process: closing a descriptor of the index here would let go of the
        // holder's locks on it.
        let emptying = ["if=/dev/zero", "of=\(path)-shm", "bs=136", "count=1", "conv=notrunc"]
        #expect(try ProgramRun.of("/bin/dd", emptying).status == 0)

        let reader = try AnotherUser.start([coin, "history", "--store", "sqlite", "--data", path])
        usleep(500_000)
        try holder.read()  // which rebuilds the index
        let read = reader.finish()

        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.split(separator: "\n").filter { $0.contains(" flip ") }.count == 2, "\(read.stdout)")
        #expect(read.stderr == "")
    }

    @Test(arguments: ["soon", "-1", "nan"])
    func aLockWaitThatIsNotATimeIsAUsageError(_ value: String) throws {
        let run = try ProgramRun.of("coin", ["flip", "--store", "disk"], environment: ["APPCORE_LOCK_WAIT": value])

        #expect(run.status == 64)
        #expect(run.stderr == "Error: APPCORE_LOCK_WAIT is \"\(value)\"; it must be a number of seconds, or forever\n")
    }

    private func coin() throws -> String {
        try ProgramRun.executable(named: "coin").path
    }

    private func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
}

/// Another user of the machine (`nobody`), whom the tests become through `setpriv`, as root.
enum AnotherUser {
    static let setpriv = "/usr/bin/setpriv"

    static var isAvailable: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)
    }

    /// Runs `command` (found on the `PATH`) as `nobody`, with no groups of root's.
    static func run(_ command: [String]) throws -> ProgramRun {
        try ProgramRun.of(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups"] + command)
    }

    /// Starts `command` as `nobody`, as `run` does, without waiting for it to end.
    static func start(_ command: [String]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + command
        var environment = ProcessInfo.processInfo.environment
        for name in environment.keys where name.hasPrefix("APPCORE_") { environment[name] = nil }
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let (stdout, stderr) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (stdout, stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, stdout: stdout, stderr: stderr)
    }

    /// A command started by `start`.
    struct Running {
        let process: Process
        let stdout: Pipe
        let stderr: Pipe

        /// Waits for it to end, reading what it wrote (a few lines, which the pipes hold meanwhile).
        func finish() -> ProgramRun {
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            let err = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ProgramRun(
                status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                stderr: String(decoding: err, as: UTF8.self))
        }
    }
}

/// A connection of this process's own to an SQLite database, holding its log index open (as any
/// program that has read it does) until it is let go.
final class SQLiteHolder {
    private var handle: OpaquePointer?

    init(_ path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        try read()
    }

    deinit { sqlite3_close_v2(handle) }

    /// Reads the database, through its log: finding the log's index emptied, rebuilds it.
    func read() throws {
        guard sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
            let reason = String(cString: sqlite3_errmsg(handle))
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
}
