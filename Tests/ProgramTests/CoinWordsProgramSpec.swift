import Foundation
import Testing

/// `coin` as people type it and read it: a count without -n, counts in good grammar, and a
/// history that is not cleared by a slip.
@Suite("coin, in people's words")
struct CoinWordsProgramSpec {
    func coin(_ arguments: [String], environment: [String: String] = [:]) throws -> ProgramRun {
        try ProgramRun.of(
            "coin", arguments, environment: environment.merging(["APPCORE_STORE": "memory"]) { given, _ in given })
    }

    @Test func aCountMayBeWrittenWithoutDashN() throws {
        let word = try coin(["flip", "3", "--seed", "4", "--json"])
        let option = try coin(["flip", "-n", "3", "--seed", "4", "--json"])
        #expect(word.status == 0, "\(word.stderr)")
        #expect(word.stdout == option.stdout)
        let both = try coin(["flip", "3", "-n", "2"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("say two counts"))
    }

    @Test(.slow) func oneSideIsSingular() throws {
        for seed in 1...20 {
            let run = try coin(["flip", "-n", "2", "--seed", "\(seed)"])
            let counts = try #require(run.stdout.split(separator: "\n").last.map(String.init))
            #expect(["2 heads, 0 tails", "1 head, 1 tail", "0 heads, 2 tails"].contains(counts), "\(counts)")
        }
    }

    @Test func clearingTheHistoryWhereNoOneCanBeAskedNeedsYes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coin-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["APPCORE_STORE": "sqlite", "APPCORE_DATA": folder.appendingPathComponent("store").path]
        _ = try coin(["flip", "-n", "2"], environment: environment)
        let refused = try coin(["history", "--clear"], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("add --yes"))
        #expect((try coin(["history", "--json"], environment: environment).json()["entries"] as? [Any])?.count == 1)
        let cleared = try coin(["history", "--clear", "--yes"], environment: environment)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect((try coin(["history", "--json"], environment: environment).json()["entries"] as? [Any])?.count == 0)
        let dice = try ProgramRun.of("dice", ["history", "--clear"], environment: environment)
        #expect(dice.status == 64, "dice's history asks the same")
    }
}
