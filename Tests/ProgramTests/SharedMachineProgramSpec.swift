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

    @Test func aRecordingItMakesIsTheUsersAloneUnderAnOpenUmask() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-record-\(UUID())").path
        try FileManager.default.createDirectory(atPath: top, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        let file = top + "/session.scenario"

        let run = try ProgramRun.of(
            "/bin/sh", ["-c", "umask 022 && exec \"$0\" flip --store memory --record \"$1\"", try coin(), file])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(try permissions(file) == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("send "))
    }

    /// What another user may put in a shared folder in place of the data folder: one of their
    /// own, a link to one of theirs, or one anyone may write.
    @Test(
        .enabled(if: AnotherUser.isAvailable, "acting as another user needs root and setpriv"),
        arguments: ["their folder", "a link to their folder", "a folder anyone may write"])
    func aDataFolderAnotherUserPlantedIsRefusedAndNothingIsKeptInIt(_ planted: String) throws {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-plant-\(UUID())").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: shared) }
        #expect(chmod(shared, 0o1777) == 0)
        let folder = shared + "/appcore"
        switch planted {
        case "their folder": #expect(try AnotherUser.run(["mkdir", "-m", "0777", folder]).status == 0)
        case "a link to their folder":
            #expect(try AnotherUser.run(["mkdir", "-m", "0777", shared + "/theirs"]).status == 0)
            #expect(try AnotherUser.run(["ln", "-s", shared + "/theirs", folder]).status == 0)
        default:
            #expect(mkdir(folder, 0o700) == 0 && chmod(folder, 0o777) == 0)
        }

        let run = try ProgramRun.of("coin", ["flip", "--store", "disk"], environment: ["XDG_DATA_HOME": shared])

        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: the data folder \(folder) "), "\(run.stderr)")
        #expect(run.stderr.contains("set XDG_DATA_HOME to a folder of your own"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aLinkOfTheUsersOwnToAFolderOfTheirOwnIsTheirDataFolder() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-ownlink-\(UUID())").path
        try FileManager.default.createDirectory(atPath: top + "/elsewhere", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        #expect(chmod(top + "/elsewhere", 0o700) == 0)
        #expect(symlink(top + "/elsewhere", top + "/appcore") == 0)

        let run = try ProgramRun.of("coin", ["flip", "--store", "disk"], environment: ["XDG_DATA_HOME": top])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: top + "/elsewhere")).isEmpty)
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

    @Test(.slow)
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
    static func start(_ command: [String], environment: [String: String] = [:]) throws -> ProgramRun.Running {
        try ProgramRun.start(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups"] + command, environment: environment)
    }
}
