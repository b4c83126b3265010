import Foundation
import StoreTestSupport
import Testing

@Suite("dice, the program")
struct DiceProgramSpec {
    /// Every example of the notation's reference, each of which must roll, print JSON and weigh.
    static let examples = [
        "3d6", "d20", "d%", "2d%", "4dF+2", "4dF.1", "1d{2,3,3,4,4,5}", "5d{0,1}", "(1d4)d6", "{1d6,1d8,1d10}", "5",
        "1d20+5>=15", "2d20kh1", "4d6kh3", "4d6dl1", "3d20dh1dl1", "1d6ro1", "2d6ro<=2", "1d6rr1", "1d6r1", "3d6!",
        "1d6!>=5", "2d6!!kh1", "1d6!p", "1d6!o", "8d6min2", "4d6max4", "5d10>=8", "12d6>=5", "10d10>=8f1",
        "6d10!cs>=8", "{1d20+5,1d20+5}kh1", "6x 4d6kh3", "sum(6x 4d6kh3)", "4D6KH3", "floor(1d6/2)",
    ]

    @Test(.slow, arguments: examples)
    func everyExampleOfTheNotationRollsAndWeighs(_ expression: String) throws {
        let text = try ProgramRun.of("dice", [expression, "--seed", "5", "--store", "memory"])
        let json = try ProgramRun.of("dice", [expression, "--seed", "5", "--json", "--store", "memory"])
        let stats = try ProgramRun.of("dice", ["--stats", expression, "--json", "--store", "memory"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(json.status == 0, "\(json.stderr)")
        #expect(stats.status == 0, "\(stats.stderr)")
        let results = try #require(try json.json()["results"] as? [[String: Any]])
        // The text shows the totals the JSON holds, one to a line.
        #expect(text.stdout.split(separator: "\n").map { Int($0) } == results.map { $0["total"] as? Int })
        let distribution = try #require(try stats.json()["distribution"] as? [[String: Any]])
        let mass = distribution.reduce(0) { $0 + ($1["probability"] as? Double ?? 0) }
        #expect(abs(mass - 1) < 1e-9)
    }

    /// A sum of thousands of dice, as a player may paste one, rolls and weighs: it never crashes
    /// the program, within every limit; parentheses that each hold a run of terms, too deep to walk,
    /// are refused in one line.
    @Test(.slow) func aSumOfThousandsOfDiceRollsAndWeighsAndOneTooDeepIsRefused() throws {
        let sum = Array(repeating: "1d6", count: 4_000).joined(separator: "+")
        let roll = try ProgramRun.of("dice", [sum, "--seed", "5", "--store", "memory"])
        #expect(
            roll.status == 0
                && Int(roll.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).map {
                    (4_000...24_000).contains($0)
                } == true)
        let stats = try ProgramRun.of("dice", ["--stats", sum, "--json", "--store", "memory"])
        #expect(stats.status == 0, "\(stats.stderr.prefix(300))")
        let deep = (0..<99).reduce("1d6") { text, _ in "(" + text + String(repeating: "+1d2", count: 15) + ")" }
        for arguments in [[deep], ["--stats", deep]] {
            let run = try ProgramRun.of("dice", arguments + ["--store", "memory"])
            #expect(run.status == 64 && run.stdout.isEmpty)
            #expect(run.stderr.hasSuffix(" is too large: its operations go more than 256 deep inside one another\n"))
        }
    }

    @Test func aSeededRollIsIdenticalOnEveryRun() throws {
        let first = try ProgramRun.of("dice", ["4d6kh3", "--seed", "7", "--json", "--store", "memory"])
        let second = try ProgramRun.of("dice", ["4d6kh3", "--seed", "7", "--json", "--store", "memory"])
        #expect(first.stdout == second.stdout)
        let report = try first.json()
        let result = try #require((report["results"] as? [[String: Any]])?.first)
        let dice = try #require(result["dice"] as? [[String: Any]])
        #expect(report["expression"] as? String == "4d6kh3")
        #expect(report["seed"] as? Int == 7)
        #expect(dice.count == 4)
        #expect(dice.count { $0["dropped"] as? Bool == true } == 1)
        #expect(
            result["total"] as? Int
                == dice.filter { $0["dropped"] as? Bool == false }.reduce(0) { $0 + ($1["value"] as? Int ?? 0) })
    }

    @Test func statsGiveTheExactDistribution() throws {
        let report = try ProgramRun.of("dice", ["--stats", "3d6", "--json", "--store", "memory"]).json()
        let distribution = try #require(report["distribution"] as? [[String: Any]])
        let ten = distribution.first { $0["value"] as? Int == 10 }
        #expect(abs((ten?["probability"] as? Double ?? 0) - 27.0 / 216) < 1e-12)
        #expect(report["min"] as? Int == 3)
        #expect(report["max"] as? Int == 18)
        #expect(abs((report["mean"] as? Double ?? 0) - 10.5) < 1e-12)
        #expect(report["stddev"] is Double)
        #expect(report["tailMass"] as? Double == 0)
    }

    @Test func anUnboundedMaximumIsNull() throws {
        let report = try ProgramRun.of("dice", ["--stats", "3d6!", "--json", "--store", "memory"]).json()
        #expect(report["max"] is NSNull)
        #expect((report["tailMass"] as? Double).map { $0 > 0 && $0 < 1e-12 } == true)
    }

    @Test func statsDrawAHistogramWithPercentages() throws {
        let run = try ProgramRun.of("dice", ["--stats", "2d6", "--store", "memory"])
        #expect(run.stdout.contains("16.667%"))
        #expect(run.stdout.contains("█"))
    }

    @Test func verboseMarksDroppedDiceAndTheSeed() throws {
        let run = try ProgramRun.of("dice", ["4d6kh3", "-v", "--seed", "7", "--store", "memory"])
        #expect(run.stdout.contains("~"))
        #expect(run.stdout.contains("seed 7"))
    }

    @Test(arguments: [
        (["4d6kk3"], "character 5"), ([""], "empty"), (["1d1!"], "explodes forever"), (["3d0"], "at least one side"),
        (["4d6rr<=6"], "never stop"), (["٣"], "0 to 9"), (["1d" + String(repeating: "9", count: 100)], "100 digits"),
        ([String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)], "levels deep"),
        (["20000d6"], "10000 dice"), (["2d6", "--times", "0"], "from 1 to 1000"),
    ])
    func badInputIsOneClearLineAndANonZeroExit(_ arguments: [String], _ words: String) throws {
        let run = try ProgramRun.of("dice", arguments + ["--store", "memory"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.contains(words), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aThousandTermSumRolls() throws {
        let run = try ProgramRun.of(
            "dice", [Array(repeating: "1d1", count: 1_000).joined(separator: "+"), "--store", "memory"])
        #expect(run.stdout == "1000\n")
    }

    @Test func theHistoryKeepsRollsThroughRestarts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-dice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["APPCORE_DATA": folder.appendingPathComponent("data").path]

        let first = try ProgramRun.of("dice", ["2d6", "--seed", "1"], environment: environment)
        _ = try ProgramRun.of("dice", ["3x 1d20", "--seed", "2"], environment: environment)
        let history = try ProgramRun.of("dice", ["history", "--json"], environment: environment).json()

        let rolls = try #require(history["rolls"] as? [[String: Any]])
        #expect(rolls.map { $0["expression"] as? String } == ["3x 1d20", "2d6"])
        #expect((rolls[0]["totals"] as? [Int])?.count == 3)
        #expect(rolls[1]["totals"] as? [Int] == [Int(first.stdout.trimmingCharacters(in: .newlines)) ?? -1])
    }
}
