import AppCore
import ProgramKit

/// A roll as a line asks for it, in plain values: what `Roll` runs once the parser read the line,
/// and what the quick reading of `dice 4d6kh3` makes without the parser's option types, each of
/// which cost the program's start the run time's making of its generic types (`QuickLine`).
struct RollRun: QuickCommand {
    var expression: [String]
    var stats = false
    var times = 1
    var summary = false
    var plot = false
    var criticalFrom: Int?
    /// The seed the line gave, if it gave one.
    var seed: UInt64?
    var common = CommonSettings()

    /// `expression` rolled with a drawn seed, or weighed, as the line's `--stats`, `--plot`,
    /// `--times` and `--summary` say: `dice 3d6 --times 1000 --summary` as the parser reads it; nil
    /// where `--times` is not a whole number, which the parser says.
    static func quick(_ expression: [String], from line: QuickLine) -> RollRun? {
        guard let times = Int(line.value(of: "--times") ?? "1") else { return nil }
        return RollRun(
            expression: expression, stats: line.has("--stats"), times: times, summary: line.has("--summary"),
            plot: line.has("--plot"), common: line.settings)
    }

    /// Nothing to check: `Roll` checks `--crit`, which only the parser reads.
    func validate() throws {}

    /// The words as one line: joined by spaces, but a comment ends with its word, so that
    /// `dice '1d20+5 # to hit' '1d8+3 # damage'` is two commented rolls.
    static func line(_ words: [String]) -> String {
        zip(words.indices, words).reduce(into: "") { line, word in
            if word.0 > 0 { line += words[word.0 - 1].contains("#") ? "\n" : " " }
            line += word.1
        }
    }

    func run() throws {
        try reportingFailures {
            guard !(stats && (summary || times != 1)) else {
                let other = summary ? "--summary counts" : "--times makes"
                throw ProgramFailure("\(other) rolls and --stats rolls none: give one of them", exit: .usage)
            }
            guard !plot || stats || summary else {
                throw ProgramFailure(
                    "--plot draws what --stats weighs or --summary counts: give one of them", exit: .usage)
            }
            let text = Self.line(expression)
            let session = try Session(settings: common, seed: SeedOption.resolve(seed))
            let command: DiceCommand =
                stats
                ? .weigh(expression: text)
                : summary
                    ? .tally(expression: text, times: times)
                    : .roll(expression: text, times: times, criticalFrom: criticalFrom)
            var stream = StreamedRolls(expression: text, seed: session.seed, json: common.json, verbose: common.verbose)
            var rolls: [DiceRoll] = []
            var tallies: [DiceRollTally] = []
            try session.send(command, to: DiceFeature.self) { answer in
                switch answer {
                case .rolled(let roll): rolls.append(roll)
                case .rolling(let results): try stream.print(results)
                case .rolledMany: try stream.end()
                case .tallied(let tally): tallies.append(tally)
                case .weighed(let statistics): try show(statistics)
                default: throw ProgramFailure.unexpected(answer)
                }
            }
            if !rolls.isEmpty { try show(rolls, seed: session.seed) }
            if !tallies.isEmpty { try show(tallies, seed: session.seed) }
        }
    }

    /// The rolls of one line: one JSON object for one roll, an array for several; in text each
    /// result on a line of its own, after its expression where the line held several.
    private func show(_ rolls: [DiceRoll], seed: UInt64) throws {
        if common.json {
            let reports = rolls.map { RollReport(seed: seed, roll: $0) }
            if reports.count == 1, let report = reports.first { return try printJSON(report) }
            return try printJSON(reports)
        }
        let style = TextStyle.forStandardOutput()
        let several = rolls.count > 1
        for roll in rolls {
            if common.verbose {
                if several { print(style.bold(TerminalText.escaped(roll.expression))) }
                for result in roll.results { print(RollText.result(result, style: style)) }
                if let comment = roll.comment { print(style.dim("# " + TerminalText.escaped(comment))) }
            } else {
                for result in roll.results { print(RollText.line(result, of: roll, named: several, style: style)) }
            }
        }
        if common.verbose { print(style.seedNote(seed)) }
    }

    /// The tallies of one line: one JSON object for one expression, an array for several; in
    /// text each summary under a header that names its expression, a blank line between them.
    private func show(_ tallies: [DiceRollTally], seed: UInt64) throws {
        if common.json {
            let reports = tallies.map { TallyReport(seed: seed, tally: $0) }
            if reports.count == 1, let report = reports.first { return try printJSON(report) }
            return try printJSON(reports)
        }
        let style = TextStyle.forStandardOutput()
        let chart = plot ? TerminalCapabilities.forStandardOutput() : nil
        print(tallies.map { Histogram.text($0, style: style, chart: chart) }.joined(separator: "\n\n"))
        if common.verbose { print(style.seedNote(seed)) }
    }

    private func show(_ statistics: DiceStatistics) throws {
        if common.json {
            try printJSON(StatisticsReport(statistics))
            return
        }
        let chart = plot ? TerminalCapabilities.forStandardOutput() : nil
        print(Histogram.text(statistics, style: TextStyle.forStandardOutput(), chart: chart))
    }
}
