import Foundation
import Testing

/// `dice` as players use it at the table: several rolls, labels, comments, criticals, and the
/// spellings they bring from other tools.
@Suite("dice at the table, the program")
struct DiceAtTheTableProgramSpec {
    func dice(_ arguments: [String]) throws -> ProgramRun {
        try ProgramRun.of("dice", arguments + ["--store", "memory"])
    }

    @Test func twoLabelledRollsGiveTwoResultsWithTheirLabelsAndCriticals() throws {
        let run = try dice(["1d20+5 [attack]", "2d6+3 [slashing] + 1d6 [fire]", "--seed", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["expression"] as? String } == ["1d20+5 [attack]", "2d6+3 [slashing] + 1d6 [fire]"])
        #expect(reports.map { $0["seed"] as? Int } == [1, 1])
        let results = reports.compactMap { ($0["results"] as? [[String: Any]])?.first }
        let labels = results.map { ($0["labels"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String } }
        #expect(labels == [["attack"], ["slashing", "fire"]])
        for die in results.flatMap({ $0["dice"] as? [[String: Any]] ?? [] }) {
            let face = (die["faces"] as? [Int])?.first ?? 0
            let highest = die["term"] as? String == "1d20" ? 20 : 6
            let expected: String? = face == highest ? "max" : face == 1 ? "min" : nil
            #expect(die["critical"] as? String == expected, "\(die)")
        }
    }

    @Test func aSeedReplaysTheWholeLine() throws {
        let line = ["1d20+5", "1d8+3", "--seed", "9", "--json"]
        #expect(try dice(line).stdout == dice(line).stdout)
    }

    @Test func severalRollsPrintEachResultAfterItsExpression() throws {
        let run = try dice(["1d20+5", "2d6 [fire] # burning hands", "--seed", "4"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("1d20+5: "))
        #expect(lines[1].hasPrefix("2d6 [fire]: "))
        #expect(lines[1].hasSuffix("(fire)  # burning hands"))
    }

    @Test func oneRollWithoutLabelsPrintsItsTotalAlone() throws {
        let run = try dice(["2d20kh1", "+", "5", "--seed", "4"])
        #expect(Int(run.stdout.trimmingCharacters(in: .newlines)) != nil, "\(run.stdout)")
    }

    @Test func aCriticalIsMarkedWithoutColourAndColouredNowhereButATerminal() throws {
        let run = try dice(["20d6", "-v", "--seed", "3"])
        #expect(run.stdout.contains("6▲") || run.stdout.contains("1▼"), "\(run.stdout)")
        #expect(!run.stdout.contains("\u{1B}["))
    }

    @Test(.slow) func aWiderCriticalRangeIsAFaceOfAD20() throws {
        let refused = try dice(["1d20", "--crit", "21"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--crit takes a face of a d20 from 2 to 20"))
        var marked19 = false
        for seed in 1...40 {
            let run = try dice(["1d20", "-v", "--crit", "19", "--seed", "\(seed)"])
            marked19 = marked19 || run.stdout.contains("19▲")
            #expect(!run.stdout.contains("18▲"))
        }
        #expect(marked19)
    }

    @Test func aNegativeExpressionIsRolledNotTakenForAnOption() throws {
        for arguments in [["-1d6+3"], ["--seed", "2", "-1d6", "+", "3"], ["roll", "-1d6+3", "-v"], ["-5", "--json"]] {
            let run = try dice(arguments + ["--seed", "2"].filter { _ in !arguments.contains("--seed") })
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        #expect(try dice(["-5"]).stdout == "-5\n")
    }

    @Test func aSpaceBeforeAModifierIsAccepted() throws {
        let spaced = try dice(["3d6", "ro1", "--seed", "6", "--json"])
        let joined = try dice(["3d6ro1", "--seed", "6", "--json"])
        #expect(spaced.status == 0, "\(spaced.stderr)")
        let totals = { (run: ProgramRun) in try (run.json()["results"] as? [[String: Any]])?.map { $0["total"] as? Int }
        }
        #expect(try totals(spaced) == totals(joined))
    }

    @Test(arguments: [
        ("4d6k3", "4d6kh3"), ("4d6d1", "4d6dl1"), ("1d6e6", "1d6!=6"), ("4d6mi2", "4d6min2"), ("4d6ma4", "4d6max4"),
        ("1d6ra6", "1d6!o=6"), ("4d6pl1", "4d6dl1"), ("(1d20,1d20)kh1", "{1d20,1d20}kh1"), ("1d6x", "1d6!"),
        ("1d6xo", "1d6!o"),
    ])
    func anotherToolsSpellingIsToldWhatToWriteInOneLine(_ written: String, _ here: String) throws {
        let run = try dice([written])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(here), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aCommentIsKeptInTheHistory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ["--store", "sqlite", "--data", folder.appendingPathComponent("store").path]
        let rolled = try ProgramRun.of("dice", ["1d20+5 [attack] # to hit", "1d8+3", "--seed", "2"] + store)
        #expect(rolled.status == 0, "\(rolled.stderr)")
        let history = try ProgramRun.of("dice", ["history", "--json"] + store)
        let rolls = try #require(try history.json()["rolls"] as? [[String: Any]])
        #expect(rolls.map { $0["expression"] as? String } == ["1d8+3", "1d20+5 [attack]"])
        #expect(rolls.map { $0["comment"] as? String } == [nil, "to hit"])
        let text = try ProgramRun.of("dice", ["history"] + store)
        #expect(text.stdout.contains("1d20+5 [attack]  → ") && text.stdout.contains("# to hit"), "\(text.stdout)")
    }

    @Test(arguments: ["dice", "coin"])
    func aNegativeSeedIsExplained(_ program: String) throws {
        let run = try ProgramRun.of(program, (program == "dice" ? ["3d6"] : ["flip"]) + ["--seed", "-1"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("a seed is a whole number from 0 to 18446744073709551615; -1 is negative"))
    }
}
