import Foundation
import Testing

@Suite("dice --times, many rolls")
struct DiceManyRollsProgramSpec {
    @Test func aLongRunPrintsOneTotalALineTheSameForTheSameSeed() throws {
        let first = try ProgramRun.of("dice", ["2d6", "--times", "3000", "--seed", "3", "--store", "memory"])
        let again = try ProgramRun.of("dice", ["2d6", "--times", "3000", "--seed", "3", "--store", "memory"])
        #expect(first.status == 0, "\(first.stderr)")
        let totals = first.stdout.split(separator: "\n").compactMap { Int($0) }
        #expect(totals.count == 3_000)
        #expect(totals.allSatisfy { (2...12).contains($0) })
        #expect(first.stdout == again.stdout)
    }

    @Test func withJSONItIsOneObjectWhoseResultsAreStreamed() throws {
        let run = try ProgramRun.of("dice", ["1d20", "--times", "2500", "--seed", "8", "--json", "--store", "memory"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.count == 2_500)
        #expect(report["seed"] as? Int == 8)
        #expect(report["expression"] as? String == "1d20")
        #expect(results.allSatisfy { ($0["dice"] as? [Any])?.count == 1 })
        let text = try ProgramRun.of("dice", ["1d20", "--times", "2500", "--seed", "8", "--store", "memory"])
        #expect(results.compactMap { $0["total"] as? Int } == text.stdout.split(separator: "\n").compactMap { Int($0) })
    }

    @Test(arguments: ["sqlite", "disk"])
    func aLongRunIsNotKeptInTheHistoryAndAShortOneIs(_ store: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["APPCORE_STORE": store, "APPCORE_DATA": folder.appendingPathComponent("data").path]
        #expect(try ProgramRun.of("dice", ["3d6", "--times", "1001"], environment: environment).status == 0)
        #expect(try ProgramRun.of("dice", ["3d6", "--times", "1000"], environment: environment).status == 0)
        let history = try ProgramRun.of("dice", ["history", "--json"], environment: environment)
        let rolls = try #require(try history.json()["rolls"] as? [[String: Any]])
        #expect(rolls.count == 1)
        #expect((rolls.first?["totals"] as? [Int])?.count == 1_000)
    }

    @Test func aSummaryCountsEveryTotal() throws {
        let run = try ProgramRun.of(
            "dice", ["3d6", "--times", "20000", "--summary", "--seed", "2", "--json", "--store", "memory"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        let distribution = try #require(report["distribution"] as? [[String: Int]])
        #expect(report["rolls"] as? Int == 20_000)
        #expect(distribution.reduce(0) { $0 + ($1["count"] ?? 0) } == 20_000)
        #expect(distribution.map { $0["value"] ?? 0 } == Array(3...18))
        let text = try ProgramRun.of(
            "dice", ["3d6", "--times", "20000", "--summary", "--seed", "2", "--store", "memory"])
        #expect(text.stdout.hasPrefix("3d6, 20000 results: min 3, max 18, mean "))
        #expect(text.stdout.split(separator: "\n").count == 17)
    }

    @Test func aSummaryOfSeveralExpressionsNamesEach() throws {
        let arguments = ["1d20", "2d6", "--times", "100", "--summary", "--seed", "2", "--store", "memory"]
        let text = try ProgramRun.of("dice", arguments)
        #expect(text.status == 0, "\(text.stderr)")
        let summaries = text.stdout.split(separator: "\n\n").map(String.init)
        #expect(summaries.count == 2)
        #expect(summaries.first?.hasPrefix("1d20, 100 results: min ") == true)
        #expect(summaries.last?.hasPrefix("2d6, 100 results: min ") == true)
        let json = try ProgramRun.of("dice", arguments + ["--json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["expression"] as? String } == ["1d20", "2d6"])
        #expect(reports.map { $0["rolls"] as? Int } == [100, 100])
        #expect(reports.map { $0["seed"] as? Int } == [2, 2])
        // The line's rolls follow one another from the seed: the first is 1d20's summary alone.
        let alone = try ProgramRun.of(
            "dice", ["1d20", "--times", "100", "--summary", "--seed", "2", "--store", "memory"])
        #expect(summaries.first == alone.stdout.trimmingCharacters(in: .newlines))
    }

    @Test func severalSummariesGiveAMillionResultsInAll() throws {
        let run = try ProgramRun.of("dice", ["1d20", "2d6", "--times", "500001", "--summary", "--store", "memory"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: cannot roll 500001 times: the number of rolls must be from 1 to 500000\n")
    }

    @Test(arguments: [
        ["--times", "1000001"], ["--times", "0"], ["--stats", "--summary"], ["--stats", "--times", "5"],
    ])
    func outOfRangeIsAUsageErrorOnOneLine(_ arguments: [String]) throws {
        let run = try ProgramRun.of("dice", ["3d6", "--store", "memory"] + arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error:"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
