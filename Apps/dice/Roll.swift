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
            min/max, 8✓ a success and 1✗ a failure, 6▲ a die's highest face and 1▼ its lowest \
            (green and red on a terminal); --crit 19 counts a d20's 19 as a critical too. \
            Without -v, a kept d20's natural 20 or 1 is marked after the total: 25 ▲ and 6 ▼ on \
            a terminal, 25 (natural 20) and 6 (natural 1) without colour.

            Several rolls on one line are rolled one after another from one seed, each printed \
            after its expression and kept in the history: dice 1d20+5 1d8+3. A label in \
            brackets names the terms before it (2d6+3 [slashing] + 1d6 [fire]), and # starts a \
            comment up to the end of its word (quote it: dice '1d20+5 # to hit'); both are \
            printed, and kept in the history with the roll.

            With --json, one object: {"expression": …, "seed": …, "comment": …, "results": \
            [{"total": N, "labels": [{"label", "notation", "value"}], "dice": [{"term": \
            "4d6kh3", "value": 5, "faces": [5], "dropped": false, …, "critical": "max", "sides": 6}], …}]}, \
            "comment", "labels", "critical" and "sides" (none for Fate dice and faces of their own) only where there are; several rolls, an array \
            of such objects. \
            With --stats --json: {"min", "max" (null when unbounded), "mean", "stddev", \
            "distribution": [{"value", "probability"}], "tailMass"}. With labels, --stats also \
            weighs each label's terms on their own, a line each under the whole (with --json, \
            "labels": [{"label", "notation", "min", "max", "mean", "stddev"}]).

            --times goes up to \(DiceLimits.times) results (`Nx` counts each). Past \(DiceLimits.keptResults) the results are printed as \
            they come, in constant memory, and not kept in the history; with --json the object's \
            "results" are streamed the same way. --summary prints only what the rolls came to, \
            each total with how often it came up (with --json: {"expression", "seed", "rolls", \
            "min", "max", "mean", "stddev", "distribution": [{"value", "count"}]}, and "comment" \
            where there is one). Several expressions are each rolled --times times, one after \
            another, each summary under its expression (with --json, an array of such objects), \
            up to \(DiceLimits.times) results in all.

            Examples:
              dice 4d6kh3 -v
              dice 1d20+5 1d8+3                  an attack and its damage
              dice '2d6+3 [slashing] + 1d6 [fire] # longsword' -v
              dice 1d20+5 -v --crit 19           a 19 or 20 on the d20 is marked
              dice -1d6+3                        a negative expression needs no --
              dice 3d6 --times 5
              dice --stats 2d20kh1+5
              dice --stats 3d6! --json
              dice --stats 4d6kh3 --plot         the odds as a column chart
              dice --stats '2d6 [fire] + 1d6 [cold]'   each label's odds too
              dice 3d6 --times 100000 --summary
              dice 1d20 2d6 --times 1000 --summary   a summary of each
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

    @Flag(
        help: ArgumentHelp(
            "With --stats or --summary: draw the distribution as a column chart that fits the terminal.",
            discussion: """
                Not the default on a terminal: the rows give each total's percentage, which a \
                chart cannot, and text that scripts read stays the same wherever it is printed. \
                Drawn with Unicode blocks where the locale is UTF-8 (LC_ALL, LC_CTYPE or LANG), \
                else with #; as wide as the terminal, else COLUMNS, else 80 columns. --json is \
                unchanged.
                """))
    var plot = false

    @Option(
        name: .customLong("crit"),
        help: ArgumentHelp(
            "Count a d20 showing this or more as a critical, from 2 to 20 (19: the 19–20 range).",
            valueName: "face"))
    var criticalFrom: Int?

    @OptionGroup var chance: SeedOption
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let criticalFrom, !(2...20).contains(criticalFrom) {
            throw ValidationError("--crit takes a face of a d20 from 2 to 20, not \(criticalFrom)")
        }
    }

    func run() throws { try request.run() }

    /// What the line asks for, as the plain request that runs it.
    var request: RollRun {
        RollRun(
            expression: expression, stats: stats, times: times, summary: summary, plot: plot,
            criticalFrom: criticalFrom, seed: chance.seed, common: common.settings)
    }
}

/// The JSON object `dice --json` prints.
struct RollReport: Encodable {
    struct Result: Encodable {
        let total: Int
        let labels: [LabeledTotal]?
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
        let critical: Critical?
        let sides: Int?
    }

    struct Term: Encodable {
        let notation: String
        let value: Int
    }

    let expression: String
    let comment: String?
    let seed: UInt64
    let results: [Result]

    init(seed: UInt64, roll: DiceRoll) {
        expression = roll.expression
        comment = roll.comment
        self.seed = seed
        results = Self.results(roll.results)
    }

    /// Each result as the report shows it: its total, every die, every term.
    static func results(_ results: [RollResult]) -> [Result] {
        results.map { result in
            Result(
                total: result.total, labels: result.labels,
                dice: result.terms.flatMap { term in
                    term.dice.map {
                        Die(
                            term: term.notation, value: $0.value, faces: $0.faces, dropped: $0.dropped,
                            rerolled: $0.rerolled, exploded: $0.exploded, extra: $0.extra, success: $0.success,
                            failure: $0.failure, critical: $0.critical, sides: $0.sides)
                    }
                },
                terms: result.terms.map { Term(notation: $0.notation, value: $0.value) })
        }
    }
}

/// The JSON object `dice --times N --summary --json` prints.
struct TallyReport: Encodable {
    let expression: String
    let comment: String?
    let seed: UInt64
    let rolls: Int
    let min: Int
    let max: Int
    let mean: Double
    let stddev: Double
    let distribution: [DiceRollTally.Count]

    init(seed: UInt64, tally: DiceRollTally) {
        expression = tally.expression
        comment = tally.comment
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
    /// What one label's terms come to on their own.
    struct Label: Encodable {
        let label: String
        let notation: String
        let min: Int?
        let max: Int?
        let mean: Double
        let stddev: Double

        init(_ statistics: DiceLabelStatistics) {
            label = statistics.label
            notation = statistics.notation
            min = statistics.min
            max = statistics.max
            mean = statistics.mean
            stddev = statistics.standardDeviation
        }

        // min and max are written even when null: null says "unbounded".
        private enum CodingKeys: String, CodingKey { case label, notation, min, max, mean, stddev }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(notation, forKey: .notation)
            try container.encode(min, forKey: .min)
            try container.encode(max, forKey: .max)
            try container.encode(mean, forKey: .mean)
            try container.encode(stddev, forKey: .stddev)
        }
    }

    let expression: String
    let min: Int?
    let max: Int?
    let mean: Double
    let stddev: Double
    let distribution: [DiceStatistics.Outcome]
    let tailMass: Double
    let labels: [Label]?

    init(_ statistics: DiceStatistics) {
        expression = statistics.expression
        min = statistics.min
        max = statistics.max
        mean = statistics.mean
        stddev = statistics.standardDeviation
        distribution = statistics.distribution
        tailMass = statistics.tailMass
        labels = statistics.labels?.map(Label.init)
    }

    // min and max are written even when null: null says "unbounded". labels only where there are.
    private enum CodingKeys: String, CodingKey {
        case expression, min, max, mean, stddev, distribution, tailMass, labels
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(expression, forKey: .expression)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
        try container.encode(mean, forKey: .mean)
        try container.encode(stddev, forKey: .stddev)
        try container.encode(distribution, forKey: .distribution)
        try container.encode(tailMass, forKey: .tailMass)
        try container.encodeIfPresent(labels, forKey: .labels)
    }
}
