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

@Suite("coin, the whole program")
struct CoinWholeProgramSpec {
    static let answers: Set<String> = [
        "It is certain.", "It is decidedly so.", "Without a doubt.", "Yes definitely.", "You may rely on it.",
        "As I see it, yes.", "Most likely.", "Outlook good.", "Yes.", "Signs point to yes.",
        "Reply hazy, try again.", "Ask again later.", "Better not tell you now.", "Cannot predict now.",
        "Concentrate and ask again.", "Don't count on it.", "My reply is no.", "My sources say no.",
        "Outlook not so good.", "Very doubtful.",
    ]

    @Test func aSeededQuestionGetsTheSameClassicAnswerOnEveryRun() throws {
        let arguments = ["eightball", "Will it work?", "--seed", "3", "--json", "--store", "memory"]
        let first = try ProgramRun.of("coin", arguments)
        let second = try ProgramRun.of("coin", arguments)
        let report = try first.json()
        #expect(first.stdout == second.stdout)
        #expect(Self.answers.contains(report["answer"] as? String ?? ""))
        #expect(["affirmative", "non-committal", "negative"].contains(report["kind"] as? String ?? ""))
        #expect(report["question"] as? String == "Will it work?")
        #expect(report["seed"] as? Int == 3)
    }

    @Test func eightBallHasAShortName() throws {
        let run = try ProgramRun.of("coin", ["8ball", "Really?", "--store", "memory"])
        #expect(run.status == 0)
        #expect(Self.answers.contains(run.stdout.trimmingCharacters(in: .newlines)))
    }

    @Test(arguments: [
        (["eightball", ""], "empty"),
        (["eightball"], "question"),
        (["until", "HXT"], "H and T"),
        (["until", "HHT", "--times", "0"], "from 1 to 1000"),
        (["until", "HHT", "--times", "1000000"], "from 1 to 1000"),
        (["history", "--bogus"], "--bogus"),
    ])
    func aBadRequestIsAUsageError(_ arguments: [String], _ named: String) throws {
        let run = try ProgramRun.of("coin", arguments + ["--store", "memory"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(named))
    }

    @Test func statsReportRunsAndHowSurprisingTheCountsAre() throws {
        let report = try ProgramRun.of("coin", ["flip", "-n", "10", "--stats", "--seed", "4", "--json"]).json()
        let flips = try #require(report["flips"] as? [String])
        let runs = 1 + zip(flips, flips.dropFirst()).count { $0 != $1 }
        #expect(report["runs"] as? Int == runs)
        #expect((report["longestRun"] as? Int).map { (1...10).contains($0) } == true)
        #expect((report["pValue"] as? Double).map { (0...1).contains($0) } == true)
    }

    @Test func untilReportsEachSearchAndTheExpectation() throws {
        let run = try ProgramRun.of("coin", ["until", "HHT", "--times", "5", "--seed", "2", "--json"])
        let report = try run.json()
        #expect(report["sequence"] as? String == "HHT")
        #expect((report["flipsNeeded"] as? [Int])?.count == 5)
        #expect(report["expected"] as? Int == 8)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        // `script` gives the program a terminal of its own.
        let command = "\(try ProgramRun.executable(named: "coin").path) eightball Why? --seed 1 --store memory"
        let coloured = try ProgramRun.of(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["NO_COLOR": ""])
        let plain = try ProgramRun.of(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        let piped = try ProgramRun.of(
            "coin", ["eightball", "Why?", "--seed", "1", "--store", "memory"], environment: ["NO_COLOR": ""])
        #expect(coloured.stdout.contains("\u{1B}["))
        #expect(!plain.stdout.contains("\u{1B}["))
        #expect(!piped.stdout.contains("\u{1B}["))
    }
}
