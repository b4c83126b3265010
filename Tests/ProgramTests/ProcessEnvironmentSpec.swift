import Foundation
import Testing

/// A program reads its environment as the C library's `getenv` does: a value may hold `=`, and of a
/// name given twice the first value counts.
@Suite("The environment, as a program reads it")
struct ProcessEnvironmentSpec {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-environment-\(UUID())")

    /// Runs `coin flip --seed 3` with exactly `environment`, in order, names given twice kept
    /// (which `Process` cannot do); returns its wait status (0: it exited with 0).
    private func flip(environment: [String]) throws -> Int32 {
        let coin = try ProgramRun.executable(named: "coin").path
        guard let status = Spawned.run(coin, ["flip", "--seed", "3"], environment: environment, output: "/dev/null")
        else { throw SpawnFailure() }
        return status
    }

    struct SpawnFailure: Error {}

    @Test func aValueMayHoldAnEqualsSign() throws {
        let data = folder.appendingPathComponent("a=b").appendingPathComponent("coins.store")
        try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let status = try flip(environment: ["APPCORE_STORE=disk", "APPCORE_DATA=\(data.path)"])

        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: data.path))
    }

    @Test func ofANameGivenTwiceTheFirstValueCounts() throws {
        let first = folder.appendingPathComponent("first.store")
        let second = folder.appendingPathComponent("second.store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let status = try flip(environment: [
            "APPCORE_STORE=disk", "APPCORE_DATA=\(first.path)", "APPCORE_DATA=\(second.path)",
        ])

        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: first.path))
        #expect(!FileManager.default.fileExists(atPath: second.path))
    }
}
