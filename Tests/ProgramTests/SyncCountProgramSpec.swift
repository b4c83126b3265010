import Foundation
import Testing

/// How many times a program waits for the disk: a change to the SQLite store is one sync, its
/// commit's, for the log stays between programs (`Docs/storage.md`). Counted by `strace`, where
/// it is installed (CI installs it).
@Suite("syncs a change costs")
struct SyncCountProgramSpec {
    static let strace = "/usr/bin/strace"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace), "needs strace to count syncs"))
    func aTodoAddOnAnSQLiteStoreThatIsThereSyncsOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-syncs-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["APPCORE_STORE": "sqlite", "APPCORE_DATA": folder + "/todo.sqlite"]
        #expect(try ProgramRun.of("todo", ["add", "first"], environment: environment).status == 0)
        let counts = folder + "/syncs"

        let run = try ProgramRun.of(
            Self.strace,
            ["-f", "-c", "-o", counts, "-e", "trace=fsync,fdatasync", try ProgramRun.executable(named: "todo").path]
                + ["add", "second"],
            environment: environment)

        #expect(run.status == 0, "\(run.stderr)")
        let table = try String(contentsOfFile: counts, encoding: .utf8)
        let syncs = table.split(separator: "\n").filter { $0.hasSuffix(" fsync") || $0.hasSuffix(" fdatasync") }
            .map { Int($0.split(separator: " ", omittingEmptySubsequences: true)[3]) ?? 0 }.reduce(0, +)
        #expect(syncs == 1, "\(table)")
        #expect(try ProgramRun.of("todo", ["list"], environment: environment).stdout.contains("second"))
    }
}
