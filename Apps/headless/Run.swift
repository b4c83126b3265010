import ArgumentParser
import Essentials
import Headless
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

extension ReportFormat: ExpressibleByArgument {}

/// `--store`: one store, or all of them with identical results required.
enum StoreSelection: String, ExpressibleByArgument, CaseIterable {
    case memory, disk, sqlite, all

    var stores: [StoreChoice]? {
        switch self {
        case .all: StoreChoice.allCases
        default: StoreChoice(rawValue: rawValue).map { [$0] }
        }
    }
}

/// `--shard I/N`: the I-th of N equal parts of the suite, counting from 1.
struct Shard: ExpressibleByArgument {
    let index: Int
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        (self.index, self.count) = (index, count)
    }
}

/// What `run` and `replay` share: choosing, running and reporting.
struct RunOptions: ParsableArguments {
    @Option(
        help:
            "Run on this store: memory, disk, sqlite, or all (each scenario on every store, with identical results required). Default: what each scenario says, else memory."
    )
    var store: StoreSelection?

    @Option(help: "How to report: text, tap (TAP version 14), junit (JUnit XML) or json.")
    var format: ReportFormat = .text

    @Option(help: "How many scenarios to run at once. Default: the number of cores.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs is at least 1, not \(jobs)") }
    }

    /// Runs the scenarios, prints the report, and exits with the status that sums it up.
    func play(_ scenarios: [Scenario]) async throws {
        guard !scenarios.isEmpty else {
            StandardError.line("Error: no scenario matched")
            throw ExitCode(Suite.Exit.nothingMatched.rawValue)
        }
        let started = Date()
        let progress = format == .text && isatty(STDERR_FILENO) == 1
        let outcomes = await Suite.run(scenarios, stores: store?.stores, jobs: jobs, progress: progress)
        do {
            try StandardOutput.line(format.render(outcomes, seconds: Date().timeIntervalSince(started)))
            try StandardOutput.finish()
        } catch let failure as ProgramFailure {
            report(failure)
            throw ExitCode(failure.exit.rawValue)
        }
        if outcomes.contains(where: { !$0.passed }) { throw ExitCode(Suite.Exit.failed.rawValue) }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the scenarios in files and folders (every .scenario file under a folder).",
        discussion: """
            Examples:
              headless run Tests/Scenarios
              headless run Tests/Scenarios/coin.scenario --filter flip --format tap
              headless run Tests/Scenarios --shard 2/3 --store all
            """
    )

    @Argument(help: "Scenario files, or folders to search for .scenario files.")
    var paths: [String]

    @Option(help: "Run only the scenarios whose name holds this text, in any case.")
    var filter: String?

    @Option(help: "Run only part I of N of the matching scenarios, as 2/4: a CI matrix splits a suite so.")
    var shard: Shard?

    @OptionGroup var options: RunOptions

    func run() async throws {
        var scenarios = try loadReportingMalformed(paths)
        if let filter { scenarios = scenarios.filter { $0.name.lowercased().contains(filter.lowercased()) } }
        if let shard {
            scenarios = scenarios.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        try await options.play(scenarios)
    }
}

struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recorded session again on a fresh store; any difference fails, with a diff.",
        discussion: """
            Example:
              coin flip -n 3 --record session.scenario
              headless replay session.scenario
            """
    )

    @Argument(help: "A file a program wrote with --record.")
    var file: String

    @OptionGroup var options: RunOptions

    func run() async throws {
        try await options.play(try loadReportingMalformed([file]))
    }
}

/// Loads scenarios; a malformed file is reported by file and line, with exit status 2.
func loadReportingMalformed(_ paths: [String]) throws -> [Scenario] {
    StandardStreams.reserveClosed()
    do {
        return try Suite.load(paths)
    } catch {
        StandardError.line("Error: \(TerminalText.escaped(error.description.longWordsCut))")
        throw ExitCode(Suite.Exit.malformed.rawValue)
    }
}
