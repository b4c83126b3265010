import Foundation
import Testing

/// libpq is opened by the PostgreSQL store when it first connects, not loaded with every program:
/// a broken or missing libpq stops only what needs it, and says so.
@Suite("libpq, opened when first used")
struct LibPQLoadingSpec {
    /// A folder whose `libpq.so.5` is not a library, put first in the loader's search path.
    private static func brokenLibPQ() throws -> (environment: [String: String], folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("broken-libpq-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a library".utf8).write(to: folder.appendingPathComponent("libpq.so.5"))
        return (["LD_LIBRARY_PATH": folder.path], folder)
    }

    @Test(arguments: [("coin", ["flip", "--seed", "1"]), ("dice", ["2d6", "--seed", "1"]), ("todo", ["list"])])
    func aProgramOnAFileStoreRunsWithoutLibPQ(program: String, arguments: [String]) throws {
        let (environment, folder) = try Self.brokenLibPQ()
        defer { try? FileManager.default.removeItem(at: folder) }

        let withBroken = try ProgramRun.of(program, arguments, environment: environment)
        let withReal = try ProgramRun.of(program, arguments)

        #expect(withBroken.status == 0)
        #expect(withBroken.stderr == "")
        #expect(withBroken.stdout == withReal.stdout)
    }

    @Test func aPostgresStoreWithoutLibPQSaysSoInOneLine() throws {
        let (environment, folder) = try Self.brokenLibPQ()
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try ProgramRun.of(
            "coin", ["flip", "--store", "postgres", "--data", "postgresql://nobody@localhost/none"],
            environment: environment)

        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "Error: could not connect to the store at postgresql://nobody@localhost/none, store appcore: "
                    + "libpq, PostgreSQL's client library, cannot be opened ("))
        #expect(run.stderr.contains("libpq.so.5"))
        #expect(run.stderr.filter(\.isNewline).count == 1)
    }
}
