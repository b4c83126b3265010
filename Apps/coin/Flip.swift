import AppCore
import ArgumentParser
import ProgramKit

struct Flip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flip",
        abstract: "Flip one or more fair coins.",
        discussion: """
            Prints the flips, then how many heads and tails. With --json, one object:
            {"seed": …, "flips": ["heads", …], "heads": N, "tails": N}, and with --stats also \
            "longestRun", "runs" and "pValue".

            --stats adds the longest run of one side, the number of runs, and the p-value of the \
            exact two-sided binomial test: the chance that a fair coin lands this far from even.

            Examples:
              coin flip 3
              coin flip -n 3
              coin flip -n 5 --seed 1 --json
              coin flip -n 1000 --stats
            """
    )

    @Option(
        name: [.customShort("n"), .customLong("count")],
        help: "How many coins to flip, from 1 to \(CoinLimits.flips).")
    var count = 1

    @Argument(help: ArgumentHelp("How many coins to flip, as -n says.", valueName: "count"))
    var countWord: Int?

    @Flag(help: "Add the longest run, the number of runs, and how surprising the counts are.")
    var stats = false

    @OptionGroup var chance: SeedOption
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let countWord, count != 1, countWord != count {
            throw ValidationError("flip \(countWord) and -n \(count) say two counts: give one")
        }
    }

    func run() throws { try request.run() }

    /// What the line asks for, as the plain request that runs it.
    var request: FlipRun {
        FlipRun(count: countWord ?? count, stats: stats, seed: chance.seed, common: common.settings)
    }
}

/// The JSON object `coin flip --json` prints.
struct FlipReport: Encodable {
    let seed: UInt64
    let flips: [CoinSide]
    let heads: Int
    let tails: Int
    let longestRun: Int?
    let runs: Int?
    let pValue: Double?

    init(seed: UInt64, toss: CoinToss, statistics: CoinStatistics?) {
        self.seed = seed
        flips = toss.flips
        heads = toss.heads
        tails = toss.tails
        longestRun = statistics?.longestRun
        runs = statistics?.runs
        pValue = statistics?.pValue
    }
}
