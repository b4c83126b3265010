import AppCore
import ArgumentParser
import ProgramKit

struct Roll: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roll",
        abstract: "Roll an expression, or with --stats weigh its exact distribution.",
        discussion: """
            Prints each result's total. -v shows every die: ~1~ dropped, 1→4 rerolled, 6! \
            exploded, +3 added by an explosion, 14(6!6!2) compounded, 2(1) raised or lowered by \
            min/max, 8✓ a success and 1✗ a failure.

            With --json, one object: {"expression": …, "seed": …, "results": [{"total": N, \
            "dice": [{"term": "4d6kh3", "value": 5, "faces": [5], "dropped": false, …}], …}]}. \
            With --stats --json: {"min", "max" (null when unbounded), "mean", "stddev", \
            "distribution": [{"value", "probability"}], "tailMass"}.

            --times goes up to \(DiceLimits.times) results (`Nx` counts each). Past \(DiceLimits.keptResults) the results are printed as \
            they come, in constant memory, and not kept in the history; with --json the object's \
            "results" are streamed the same way. --summary prints only what the rolls came to, \
            each total with how often it came up (with --json: {"expression", "seed", "rolls", \
            "min", "max", "mean", "stddev", "distribution": [{"value", "count"}]}).

            Examples:
              dice 4d6kh3 -v
              dice 3d6 --times 5
              dice --stats 2d20kh1+5
              dice --stats 3d6! --json
              dice 3d6 --times 100000 --summary
            """
    )

    @Argument(help: "A dice expression, such as 4d6kh3 or 2d20kh1+5; words are joined by spaces.")
    var expression: [String]

    @Flag(help: "Weigh the exact distribution instead of rolling: min, max, mean, deviation, every total's odds.")
    var stats = false

    @Option(
        help: ArgumentHelp(
            "Roll the whole expression this many times, from 1 to \(DiceLimits.times).",
            discussion: """
                Up to \(DiceLimits.keptResults) results are kept in the history; more are printed as they \
                come and not kept.
                """))
    var times = 1

    @Flag(help: "With --times: print only how often each total came up, not every roll.")
    var summary = false

    @OptionGroup var chance: SeedOption
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            guard !(stats && (summary || times != 1)) else {
                let other = summary ? "--summary counts" : "--times makes"
                throw ProgramFailure("\(other) rolls and --stats rolls none: give one of them", exit: .usage)
            }
            let text = expression.joined(separator: " ")
            let session = try Session(options: common, seed: chance.resolve())
            let command: DiceCommand =
                stats
                ? .weigh(expression: text)
                : summary ? .tally(expression: text, times: times) : .roll(expression: text, times: times)
            var stream = StreamedRolls(expression: text, seed: session.seed, json: common.json, verbose: common.verbose)
            try session.send(command, to: DiceFeature.self) { answer in
                switch answer {
                case .rolled(let roll): try show(roll, seed: session.seed)
                case .rolling(let results): try stream.print(results)
                case .rolledMany: try stream.end()
                case .tallied(let tally): try show(tally, seed: session.seed)
                case .weighed(let statistics): try show(statistics)
                default: break
                }
            }
        }
    }

    private func show(_ roll: DiceRoll, seed: UInt64) throws {
        if common.json {
            try printJSON(RollReport(seed: seed, roll: roll))
            return
        }
        let style = TextStyle.forStandardOutput()
        for result in roll.results {
            print(common.verbose ? RollText.result(result, style: style) : "\(result.total)")
        }
        if common.verbose { print(style.seedNote(seed)) }
    }

    private func show(_ tally: DiceRollTally, seed: UInt64) throws {
        if common.json {
            try printJSON(TallyReport(seed: seed, tally: tally))
            return
        }
        let style = TextStyle.forStandardOutput()
        print(Histogram.text(tally, style: style))
        if common.verbose { print(style.seedNote(seed)) }
    }

    private func show(_ statistics: DiceStatistics) throws {
        if common.json {
            try printJSON(StatisticsReport(statistics))
            return
        }
        print(Histogram.text(statistics, style: TextStyle.forStandardOutput()))
    }
}

extension Roll {
    /// One roll of `expression`, a drawn seed, no statistics: `dice EXPRESSION` as the parser
    /// reads it.
    static func once(_ expression: [String], from line: QuickLine) -> Roll {
        var roll = Roll()
        roll.expression = expression
        roll.stats = false
        roll.times = 1
        roll.summary = false
        roll.chance = .drawn
        roll.common = line.common
        return roll
    }
}

/// The JSON object `dice --json` prints.
struct RollReport: Encodable {
    struct Result: Encodable {
        let total: Int
        let dice: [Die]
        let terms: [Term]
    }

    struct Die: Encodable {
        let term: String
        let value: Int
        let faces: [Int]
        let dropped: Bool
        let rerolled: Bool
        let exploded: Bool
        let extra: Bool
        let success: Bool?
        let failure: Bool?
    }

    struct Term: Encodable {
        let notation: String
        let value: Int
    }

    let expression: String
    let seed: UInt64
    let results: [Result]

    init(seed: UInt64, roll: DiceRoll) {
        expression = roll.expression
        self.seed = seed
        results = Self.results(roll.results)
    }

    /// Each result as the report shows it: its total, every die, every term.
    static func results(_ results: [RollResult]) -> [Result] {
        results.map { result in
            Result(
                total: result.total,
                dice: result.terms.flatMap { term in
                    term.dice.map {
                        Die(
                            term: term.notation, value: $0.value, faces: $0.faces, dropped: $0.dropped,
                            rerolled: $0.rerolled, exploded: $0.exploded, extra: $0.extra, success: $0.success,
                            failure: $0.failure)
                    }
                },
                terms: result.terms.map { Term(notation: $0.notation, value: $0.value) })
        }
    }
}

/// The JSON object `dice --times N --summary --json` prints.
struct TallyReport: Encodable {
    let expression: String
    let seed: UInt64
    let rolls: Int
    let min: Int
    let max: Int
    let mean: Double
    let stddev: Double
    let distribution: [DiceRollTally.Count]

    init(seed: UInt64, tally: DiceRollTally) {
        expression = tally.expression
        self.seed = seed
        rolls = tally.rolls
        min = tally.min
        max = tally.max
        mean = tally.mean
        stddev = tally.standardDeviation
        distribution = tally.counts
    }
}

/// The JSON object `dice --stats --json` prints.
struct StatisticsReport: Encodable {
    let expression: String
    let min: Int?
    let max: Int?
    let mean: Double
    let stddev: Double
    let distribution: [DiceStatistics.Outcome]
    let tailMass: Double

    init(_ statistics: DiceStatistics) {
        expression = statistics.expression
        min = statistics.min
        max = statistics.max
        mean = statistics.mean
        stddev = statistics.standardDeviation
        distribution = statistics.distribution
        tailMass = statistics.tailMass
    }

    // min and max are written even when null: null says "unbounded".
    private enum CodingKeys: String, CodingKey { case expression, min, max, mean, stddev, distribution, tailMass }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(expression, forKey: .expression)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
        try container.encode(mean, forKey: .mean)
        try container.encode(stddev, forKey: .stddev)
        try container.encode(distribution, forKey: .distribution)
        try container.encode(tailMass, forKey: .tailMass)
    }
}
