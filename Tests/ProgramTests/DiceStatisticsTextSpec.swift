import Foundation
import Testing

/// `dice --stats` as people read it: each total while there are few enough, the negligible tails
/// folded into a line each, no row that says 0.000 %, no mean of -0.000.
@Suite("dice --stats, as text")
struct DiceStatisticsTextSpec {
    func stats(_ expression: String) throws -> [String] {
        let run = try ProgramRun.of("dice", ["--stats", expression, "--store", "memory"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func fewTotalsAreEachARow() throws {
        let lines = try stats("3d6")

        #expect(lines.count == 1 + 16)
        #expect(lines.dropFirst().map { $0.split(separator: " ")[0] } == (3...18).map { "\($0)" })
    }

    @Test func theEndlessTailOfExplodingDiceIsOneLineAndNoRowSaysNothing() throws {
        let lines = try stats("8d6!")
        let folded = lines.filter { $0.hasPrefix("… ") }

        #expect(lines.allSatisfy { !$0.contains("0.000%") }, "\(lines)")
        #expect(folded.count == 2)
        #expect(folded.last?.contains("% above ") == true)
        #expect(lines.count <= 1 + 60 + 2)
        let shares = lines.dropFirst().compactMap { line in
            line.split(separator: " ").first { $0.hasSuffix("%") }.flatMap { Double($0.dropLast()) }
        }
        #expect(abs(shares.reduce(0, +) - 100) < 0.01, "the rows and the folded tails add up to the whole")
    }

    @Test func eachLabelHasALineOfItsOwnUnderTheWhole() throws {
        let lines = try stats("2d6 [fire] + 1d6 [cold]")

        #expect(lines[0].hasPrefix("2d6 [fire] + 1d6 [cold]: min 3, max 18, mean 10.500"))
        #expect(lines[1] == "  [fire] 2d6: min 2, max 12, mean 7.000, standard deviation 2.415")
        #expect(lines[2] == "  [cold] 1d6: min 1, max 6, mean 3.500, standard deviation 1.708")
        #expect(lines.count == 3 + 16)
        let json = try ProgramRun.of("dice", ["--stats", "2d6 [fire] + 1d6 [cold]", "--json", "--store", "memory"])
        let labels = try #require(try json.json()["labels"] as? [[String: Any]])
        #expect(labels.map { $0["label"] as? String } == ["fire", "cold"])
        #expect(labels.map { $0["notation"] as? String } == ["2d6", "1d6"])
        #expect(labels.map { $0["min"] as? Int } == [2, 1])
        #expect(labels.map { $0["max"] as? Int } == [12, 6])
        let means = labels.compactMap { $0["mean"] as? Double }
        #expect(means.count == 2 && abs(means[0] - 7) < 1e-9 && abs(means[1] - 3.5) < 1e-9, "\(means)")
        let unlabeled = try ProgramRun.of("dice", ["--stats", "3d6", "--json", "--store", "memory"])
        #expect(try unlabeled.json()["labels"] == nil)
    }

    static let utf8 = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": ""]

    @Test func aPlotIsAColumnATotalAsTallAsItsShare() throws {
        let run = try ProgramRun.of(
            "dice", ["--stats", "3d6", "--plot", "--store", "memory"],
            environment: Self.utf8.merging(["COLUMNS": "60"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)

        #expect(lines.count == 1 + 12 + 2)
        #expect(lines[0].hasPrefix("3d6: min 3, max 18, mean 10.500"))
        // 10 and 11 are the tallest, 9 and 12 an eighth of a row lower.
        #expect(lines[1].hasPrefix(" 12.500% ┤"))
        #expect(lines[1].split(separator: "┤")[1].split(separator: " ") == ["▁▁", "██", "██", "▁▁"])
        // 3 and 18, the least likely, reach the bottom row alone.
        #expect(lines[12].split(separator: "│")[1].split(separator: " ").count == 16)
        #expect(lines[13].hasPrefix("         └──"))
        #expect(lines[14].split(separator: " ") == ["3", "18"])
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
    }

    @Test func aPlotFitsANarrowTerminalAndIsASCIIWhereTheLocaleIsNotUTF8() throws {
        let ascii = ["LANG": "", "LC_ALL": "", "LC_CTYPE": "", "COLUMNS": "30"]
        for expression in ["3d6", "1d100", "8d6!"] {
            let run = try ProgramRun.of(
                "dice", ["--stats", expression, "--plot", "--store", "memory"], environment: ascii)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.utf8.allSatisfy { $0 < 128 }, "\(run.stdout)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.dropFirst().allSatisfy { $0.count <= 30 }, "\(run.stdout)")
            #expect(run.stdout.contains("#"))
        }
        // A hundred totals in 20 columns: five totals a column.
        let binned = try ProgramRun.of(
            "dice", ["--stats", "1d100", "--plot", "--store", "memory"], environment: ascii)
        #expect(binned.stdout.split(separator: "\n").last?.split(separator: " ") == ["1-5", "96-100"])
    }

    @Test func aPlotOfTotalsFartherApartThanAnIntCountsDrawsTheirTwoColumns() throws {
        // −5·10¹⁸ and +5·10¹⁸: their distance is more than the largest Int.
        let run = try ProgramRun.of(
            "dice",
            [
                "(1d2*2-3)*1000000000000*5000000", "--times", "100", "--summary", "--plot", "--seed", "2", "--store",
                "memory",
            ],
            environment: Self.utf8.merging(["COLUMNS": "50"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines[12].split(separator: "│")[1].split(separator: " ").count == 2, "\(lines)")
    }

    @Test func rowsOfTotalsFartherApartThanAnIntCountsAreRangesOfThem() throws {
        let run = try ProgramRun.of(
            "dice",
            ["(1d100*2-101)*1000000000000*90000", "--times", "1000", "--summary", "--seed", "2", "--store", "memory"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count <= 1 + 60, "\(lines)")
        #expect(lines[1].hasPrefix("-8910000000000000000–"), "\(lines)")
    }

    @Test func aPlotLeavesJSONAsItIsAndDrawsASummaryToo() throws {
        let json = try ProgramRun.of("dice", ["--stats", "3d6!", "--json", "--store", "memory"])
        let plotted = try ProgramRun.of("dice", ["--stats", "3d6!", "--json", "--plot", "--store", "memory"])
        #expect(plotted.status == 0)
        #expect(plotted.stdout == json.stdout)
        let summary = try ProgramRun.of(
            "dice", ["3d6", "--times", "2000", "--summary", "--plot", "--seed", "1", "--store", "memory"],
            environment: Self.utf8)
        #expect(summary.stdout.split(separator: "\n").count == 1 + 12 + 2)
        #expect(summary.stdout.contains("┤"))
        let alone = try ProgramRun.of("dice", ["3d6", "--plot", "--store", "memory"])
        #expect(alone.status == 64)
        #expect(alone.stdout.isEmpty)
        #expect(alone.stderr == "Error: --plot draws what --stats weighs or --summary counts: give one of them\n")
    }

    @Test func aMeanThatRoundsToNothingIsNotNegative() throws {
        let header = try #require(try stats("4dF.1").first)

        #expect(header.contains("mean 0.000,"), "\(header)")
    }
}
