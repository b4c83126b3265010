import Foundation
import Testing

@Suite("coin, the program")
struct CoinProgramSpec {
    @Test func aSeededFlipPrintsTheSameFlipsOnEveryRun() throws {
        let first = try ProgramRun.of("coin", ["flip", "-n", "5", "--seed", "1", "--json"])
        let second = try ProgramRun.of("coin", ["flip", "-n", "5", "--seed", "1", "--json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stderr.isEmpty)
    }

    @Test func anotherSeedFlipsOtherCoins() throws {
        let first = try ProgramRun.of("coin", ["flip", "-n", "20", "--seed", "1", "--json"])
        let second = try ProgramRun.of("coin", ["flip", "-n", "20", "--seed", "2", "--json"])
        #expect(try first.json()["flips"] as? [String] != second.json()["flips"] as? [String])
    }

    @Test func theJSONHoldsTheSeedTheFlipsAndTheirCounts() throws {
        let run = try ProgramRun.of("coin", ["flip", "-n", "5", "--seed", "1", "--json"])
        let report = try run.json()
        let flips = try #require(report["flips"] as? [String])
        #expect(report["seed"] as? Int == 1)
        #expect(flips.count == 5)
        #expect(flips.allSatisfy { $0 == "heads" || $0 == "tails" })
        #expect(report["heads"] as? Int == flips.count { $0 == "heads" })
        #expect(report["tails"] as? Int == flips.count { $0 == "tails" })
    }

    @Test func withoutASeedOneIsDrawnAndReportedSoTheRunReplays() throws {
        let drawn = try ProgramRun.of("coin", ["flip", "-n", "8", "--json"]).json()
        let seed = try #require(drawn["seed"] as? Int)
        let replayed = try ProgramRun.of("coin", ["flip", "-n", "8", "--seed", "\(seed)", "--json"]).json()
        #expect(replayed["flips"] as? [String] == drawn["flips"] as? [String])
    }

    @Test func textShowsEachFlipAndVerboseShowsTheSeed() throws {
        let run = try ProgramRun.of("coin", ["flip", "-n", "3", "--seed", "1", "-v"])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.split(separator: " ").allSatisfy { $0 == "heads" || $0 == "tails" } == true)
        #expect(lines.last?.contains("seed 1") == true)
    }

    @Test(arguments: [
        (["flip", "-n", "-3"], "-n"),
        (["flip", "-n", "abc"], "abc"),
        (["flip", "-n", "0"], "from 1 to 100000"),
        (["flip", "-n", "100001"], "from 1 to 100000"),
        (["flip", "--seed", "-1"], "--seed"),
        (["flip", "--bogus"], "--bogus"),
    ])
    func aBadArgumentIsAClearErrorWithANonZeroExit(_ arguments: [String], _ named: String) throws {
        let run = try ProgramRun.of("coin", arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.contains(named))
    }

    @Test func anUnknownStoreInTheEnvironmentIsAUsageError() throws {
        let run = try ProgramRun.of("coin", ["flip"], environment: ["APPCORE_STORE": "floppy"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("APPCORE_STORE"))
    }

    @Test func helpTeachesWithExamplesAndExitStatuses() throws {
        let run = try ProgramRun.of("coin", ["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("coin flip -n 5 --seed 1"))
        #expect(run.stdout.contains("Exit status"))
    }
}
