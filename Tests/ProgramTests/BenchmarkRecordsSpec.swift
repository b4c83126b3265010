import Foundation
import Testing

/// Benchmarks/Records/figure keeps a figure as data, and Benchmarks/report compares two records
/// and draws them: what `Benchmarks/README.md` says of them, on records made here.
@Suite(.enabled(if: BenchmarkScripts.python != nil, "needs python3, which the benchmarks' scripts are written in"))
struct BenchmarkRecordsSpec {
    static let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Benchmarks")

    /// A folder as `report --folder` reads it: the project's targets, and records to be written.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("benchmark-records-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("results"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.benchmarks.appendingPathComponent("targets.json"),
            to: folder.appendingPathComponent("targets.json"))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Runs one of the benchmarks' scripts with python3, which works whatever python3 the
    /// environment's PATH finds first.
    func script(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProgramRun {
        try ProgramRun.of(
            try #require(BenchmarkScripts.python), [Self.benchmarks.appendingPathComponent(path).path] + arguments,
            environment: environment)
    }

    /// A record of `commit`, at `date`, holding the hot path's count, and `todo list`'s and
    /// `task list`'s times in milliseconds, run by run, `task list` as the yardstick (and a whole
    /// program's count, where given).
    func write(
        _ commit: String, date: String, instructions: Int, todoList: [Double],
        taskList: [Double] = [9.5, 9.6, 9.7, 9.8], programInstructions: Int? = nil
    ) throws {
        let figures = folder.appendingPathComponent("\(commit).jsonl")
        try? FileManager.default.removeItem(at: figures)
        let kept = ["BENCHMARK_FIGURES": figures.path]
        let taskTimes = taskList.map { String($0) }
        var made = [
            ([String(instructions)], "hot path: one coin flip, instructions"),
            (todoList.map { String($0) } + ["--peer", "task list"] + taskTimes, "todo list (SQLite)"),
            (["--yardstick", "task list", "ms"] + taskTimes, ""),
        ]
        if let programInstructions { made.append(([String(programInstructions)], "todo list, instructions")) }
        for (arguments, name) in made {
            let unit = name.hasSuffix("instructions") ? "instructions" : "ms"
            let run = try script(
                "Records/figure", name.isEmpty ? arguments : [name, unit] + arguments, environment: kept)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let lines = try String(contentsOf: figures, encoding: .utf8).split(separator: "\n")
        var figureRecords = try lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for index in figureRecords.indices {
            figureRecords[index]["group"] = index == 0 ? "instructions" : "programs"
        }
        let record: [String: Any] = [
            "schema": 1, "commit": commit, "subject": "a change", "dirty": false, "date": date, "quick": true,
            "machine": ["cores": 2, "kernel": "6.1", "load_before": [0.5, 0.5, 0.5], "load_after": [0.6, 0.5, 0.5]],
            "groups": [["name": "programs", "command": "Benchmarks/compare-programs 20", "status": 0, "seconds": 60]],
            "figures": figureRecords,
        ]
        try JSONSerialization.data(withJSONObject: record).write(
            to: folder.appendingPathComponent("results/\(date)-\(commit).json"))
    }

    /// The record every comparison starts from: commit aaaa1111, 931 instructions a message, and
    /// `todo list` in 2.2 to 2.5 ms against `task list`'s 9.5 to 9.8.
    func writeBaseline() throws {
        try write("aaaa1111", date: "2026-12-01T10:00:00Z", instructions: 931, todoList: [2.2, 2.3, 2.4, 2.5])
    }

    @Test func aFigureIsKeptAsOneLineOfItsMedianSpreadRunsAndRatioToItsPeer() throws {
        defer { remove() }
        let figures = folder.appendingPathComponent("figures.jsonl")
        let run = try script(
            "Records/figure",
            ["todo list (SQLite)", "ms", "2.0", "2.2", "2.4", "--peer", "task list", "10", "11", "12"],
            environment: ["BENCHMARK_FIGURES": figures.path])
        #expect(run.status == 0)
        let line = try String(contentsOf: figures, encoding: .utf8)
        let figure = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(figure["name"] as? String == "todo list (SQLite)")
        #expect(figure["unit"] as? String == "ms")
        #expect(figure["median"] as? Double == 2.2)
        #expect(figure["min"] as? Double == 2.0)
        #expect(figure["max"] as? Double == 2.4)
        #expect(figure["runs"] as? Int == 3)
        #expect(figure["peer"] as? String == "task list")
        #expect(figure["ratio"] as? Double == 0.2)
        #expect(line.split(separator: "\n").count == 1)
    }

    @Test func aFigureWithoutARunToRecordItIsNotWrittenAnywhere() throws {
        defer { remove() }
        let run = try script("Records/figure", ["coin flip", "ms", "2.0"], environment: ["BENCHMARK_FIGURES": ""])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
    }

    @Test func aCountThatGrewIsNamedWorseWithItsRatioAndTheCompareFails() throws {
        defer { remove() }
        try writeBaseline()
        try write("bbbb2222", date: "2026-12-02T10:00:00Z", instructions: 950, todoList: [2.3, 2.4, 2.5, 2.6])
        let run = try script("report", ["--folder", folder.path, "--compare", "aaaa", "bbbb"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("1 of 2 figures moved beyond their spread"))
        #expect(run.stdout.contains("worse  instructions: hot path: one coin flip, instructions: 931 → 950"))
        #expect(run.stdout.contains("(1.020 ×)"))
        // Its time moved, but within the spread of its runs: not named.
        #expect(!run.stdout.contains("todo list"))
    }

    @Test func twoRunsOfOneCommitNameNothingAndTheComparePasses() throws {
        defer { remove() }
        try writeBaseline()
        try write("aaaa1111", date: "2026-12-01T11:00:00Z", instructions: 931, todoList: [2.25, 2.35, 2.45, 2.55])
        let first = folder.appendingPathComponent("results/2026-12-01T10:00:00Z-aaaa1111.json").path
        let run = try script("report", ["--folder", folder.path, "--compare", first, "aaaa"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("none of 2 figures moved beyond its spread"))
    }

    @Test func aTimeWhoseRunsAllFellIsNamedBetterAndTheComparePasses() throws {
        defer { remove() }
        try writeBaseline()
        try write("bbbb2222", date: "2026-12-02T10:00:00Z", instructions: 931, todoList: [1.2, 1.3, 1.4, 1.5])
        let run = try script("report", ["--folder", folder.path, "--compare", "aaaa1111", "bbbb2222"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("better programs: todo list (SQLite)"))
        #expect(!run.stdout.contains("instructions:"))
    }

    @Test func aTimeThatMovedWithItsYardstickIsNotNamedAndTheYardstickIsLeftOut() throws {
        defer { remove() }
        try writeBaseline()
        // The machine half as fast again: both times half as long again, their ratio the same.
        try write(
            "bbbb2222", date: "2026-12-02T10:00:00Z", instructions: 931, todoList: [3.3, 3.45, 3.6, 3.75],
            taskList: [14.25, 14.4, 14.55, 14.7])
        let run = try script("report", ["--folder", folder.path, "--compare", "aaaa1111", "bbbb2222"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("none of 2 figures moved beyond its spread (1 yardstick left out)"))
        #expect(!run.stdout.contains("task list:"))
    }

    @Test func aTimeThatGrewAgainstItsYardstickIsNamedWorseByItsRatio() throws {
        defer { remove() }
        try writeBaseline()
        try write("bbbb2222", date: "2026-12-02T10:00:00Z", instructions: 931, todoList: [3.3, 3.45, 3.6, 3.75])
        let run = try script("report", ["--folder", folder.path, "--compare", "aaaa1111", "bbbb2222"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("worse  programs: todo list (SQLite): 0.244 → 0.365 × task list (1.500 ×)"))
    }

    @Test func aWholeProgramsCountIsNamedOnlyWhenItMovedMoreThanHalfAPercent() throws {
        defer { remove() }
        let times = [2.2, 2.3, 2.4, 2.5]
        try write(
            "aaaa1111", date: "2026-12-01T10:00:00Z", instructions: 931, todoList: times,
            programInstructions: 20_000_000)
        try write(
            "bbbb2222", date: "2026-12-02T10:00:00Z", instructions: 931, todoList: times,
            programInstructions: 20_010_000)
        try write(
            "cccc3333", date: "2026-12-03T10:00:00Z", instructions: 931, todoList: times,
            programInstructions: 20_200_000)

        let drift = try script("report", ["--folder", folder.path, "--compare", "aaaa", "bbbb"])
        let grown = try script("report", ["--folder", folder.path, "--compare", "aaaa", "cccc"])

        #expect(drift.status == 0)
        #expect(drift.stdout.contains("none of 3 figures moved"))
        #expect(grown.status == 1)
        #expect(grown.stdout.contains("worse  programs: todo list, instructions: 20,000,000 → 20,200,000 instructions"))
    }

    @Test func aCommitNoRecordNamesIsRefusedInOneLine() throws {
        defer { remove() }
        try write("aaaa1111", date: "2026-12-01T10:00:00Z", instructions: 931, todoList: [2.2, 2.3])
        let run = try script("report", ["--folder", folder.path, "--compare", "aaaa", "cccc"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "report: 'cccc' is neither a record's file nor the start of a recorded commit (4 characters at least)\n"
        )
    }

    @Test func aDamagedRecordIsNamedInOneLineAndNothingIsDrawn() throws {
        defer { remove() }
        try writeBaseline()
        let record = folder.appendingPathComponent("results/2026-12-01T10:00:00Z-aaaa1111.json")
        let whole = try Data(contentsOf: record)
        try whole.prefix(whole.count / 2).write(to: record)
        let run = try script("report", ["--folder", folder.path])
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("report: \(record.path) is no record: "))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("TRENDS.md").path))
        #expect(try Data(contentsOf: record) == whole.prefix(whole.count / 2))
    }

    @Test func aCompareThatCannotBeWrittenSaysSoAndExits74() throws {
        defer { remove() }
        try writeBaseline()
        let run = try ProgramRun.of(
            try #require(BenchmarkScripts.python),
            [
                Self.benchmarks.appendingPathComponent("report").path, "--folder", folder.path, "--compare", "aaaa",
                "aaaa",
            ],
            output: URL(fileURLWithPath: "/dev/full"))
        #expect(run.status == 74)
        #expect(run.stderr == "report: cannot write standard output: No space left on device\n")
    }

    @Test func theReportDrawsEachFigureWithItsTargetAndSaysInTrendsWhichAreMet() throws {
        defer { remove() }
        try writeBaseline()
        try write("bbbb2222", date: "2026-12-02T10:00:00Z", instructions: 960, todoList: [1.7, 1.8, 1.9, 2.0])
        let run = try script("report", ["--folder", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let chart = try String(
            contentsOf: folder.appendingPathComponent("charts/programs-todo-list-sqlite.svg"), encoding: .utf8)
        #expect(chart.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(chart.contains("target 0.2"))
        #expect(chart.contains("aaaa111") && chart.contains("bbbb222"))
        let trends = try String(contentsOf: folder.appendingPathComponent("TRENDS.md"), encoding: .utf8)
        // The latest record's figures: todo list at 0.192 × task list meets its target; 960
        // instructions do not meet theirs.
        #expect(trends.contains("| ratio ≤ 0.2: met (0.192) | `bbbb2222` |"))
        #expect(trends.contains("| median ≤ 954: not met (960) | `bbbb2222` |"))
        #expect(trends.contains("Targets: 1 met, 1 not met"))
    }

    @Test func everyRecordKeptHoldsTheFieldsTheSchemaRequiresAndIsDrawn() throws {
        defer { remove() }
        let schemaURL = Self.benchmarks.appendingPathComponent("results/schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let required = try #require(schema["required"] as? [String])
        let figureSchema = try #require(
            ((schema["properties"] as? [String: Any])?["figures"] as? [String: Any])?["items"] as? [String: Any])
        let figureRequired = try #require(figureSchema["required"] as? [String])
        let results = Self.benchmarks.appendingPathComponent("results")
        let kept = try FileManager.default.contentsOfDirectory(atPath: results.path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }
        #expect(!kept.isEmpty)
        for name in kept {
            let record = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: results.appendingPathComponent(name)))
                    as? [String: Any])
            #expect(required.allSatisfy { record[$0] != nil }, "\(name) lacks a field the schema requires")
            for figure in record["figures"] as? [[String: Any]] ?? [] {
                #expect(figureRequired.allSatisfy { figure[$0] != nil }, "\(name): \(figure["name"] ?? "?")")
            }
            try FileManager.default.copyItem(
                at: results.appendingPathComponent(name), to: folder.appendingPathComponent("results/\(name)"))
        }
        let run = try script("report", ["--folder", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("from \(kept.count) records"))
    }
}

/// Where the benchmarks' scripts find python3.
enum BenchmarkScripts {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
