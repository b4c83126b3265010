import Foundation
import Testing

/// What the programs make on a machine other users share, and how they wait for one another.
@Suite("the programs on a shared machine")
struct SharedMachineProgramSpec {
    @Test(arguments: ["sqlite", "disk"])
    func theDataFolderAndEveryFileInItAreTheUsersAloneUnderAnOpenUmask(_ store: String) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-private-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: home) }

        // A shell sets the umask most systems give, then becomes the program.
        let run = try ProgramRun.of(
            "/bin/sh", ["-c", "umask 022 && exec \"$0\" flip --store \(store)", try coin()],
            environment: ["XDG_DATA_HOME": home])

        #expect(run.status == 0, "\(run.stderr)")
        let folder = home + "/appcore"
        #expect(try permissions(folder) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!files.isEmpty)
        for file in files { #expect(try permissions(folder + "/" + file) == 0o600, "\(file)") }
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
                == "Warning: waiting for another program to let go of \(path).lock; giving up after 1.5 s")
        #expect(lines.last?.hasPrefix("Error: could not lock the store at \(path).lock: another program held") == true)
        #expect(lines.count == 2)
        flock(holder, LOCK_UN)
        #expect(try ProgramRun.of("todo", arguments).stdout.contains("milk"))
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
