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

    @Test func aMeanThatRoundsToNothingIsNotNegative() throws {
        let header = try #require(try stats("4dF.1").first)

        #expect(header.contains("mean 0.000,"), "\(header)")
    }
}
