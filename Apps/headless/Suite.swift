import Headless
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Scenarios found under paths, chosen and run in parallel, and reported.
enum Suite {
    /// The exit statuses `headless` promises.
    enum Exit: Int32 {
        case passed = 0, failed = 1, malformed = 2, nothingMatched = 3
    }

    /// Every scenario in the files, and in the `.scenario` files under the folders, in path order.
    static func load(_ paths: [String]) throws(ScenarioError) -> [Scenario] {
        var files: [String] = []
        for path in paths {
            var isFolder = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ScenarioError(file: path, line: 0, problem: "no such file or folder")
            }
            if isFolder {
                let found = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
                files += found.filter { $0.hasSuffix(".scenario") }.sorted().map { "\(path)/\($0)" }
            } else {
                files.append(path)
            }
        }
        var scenarios: [Scenario] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ScenarioError(file: file, line: 0, problem: "the file cannot be read")
            }
            scenarios += try ScenarioParser.parse(String(decoding: data, as: UTF8.self), file: file)
        }
        return scenarios
    }

    /// Runs each scenario on its stores, `jobs` at a time, keeping the order of the list.
    static func run(_ scenarios: [Scenario], stores: [StoreChoice]?, jobs: Int, progress: Bool) async
        -> [ScenarioOutcome]
    {
        await withTaskGroup(of: (Int, ScenarioOutcome).self) { group in
            var outcomes = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
            var next = 0
            var finished = 0
            func start() {
                guard next < scenarios.count else { return }
                let (index, scenario) = (next, scenarios[next])
                group.addTask { (index, ScenarioOutcome(scenario: scenario, stores: stores ?? [scenario.store])) }
                next += 1
            }
            for _ in 0..<max(1, jobs) { start() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                finished += 1
                if progress { Progress.show(finished, of: scenarios.count, outcome.name) }
                start()
            }
            if progress { Progress.clear() }
            return outcomes.compactMap { $0 }
        }
    }
}

/// A progress line on a terminal's stderr, redrawn in place.
enum Progress {
    static func show(_ done: Int, of total: Int, _ name: String) {
        StandardError.write("\r\u{1B}[K[\(done)/\(total)] \(TerminalText.escaped(String(name.prefix(60))))")
    }

    static func clear() {
        StandardError.write("\r\u{1B}[K")
    }
}
