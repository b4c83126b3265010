import AppCore
import ArgumentParser
import ProgramKit

struct Flip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Flip one or more fair coins.",
        discussion: """
            Prints the flips, then how many heads and tails. With --json, one object:
            {"seed": …, "flips": ["heads", …], "heads": N, "tails": N}.

            Examples:
              coin flip -n 3
              coin flip -n 5 --seed 1 --json
            """
    )

    @Option(
        name: [.customShort("n"), .customLong("count")],
        help: "How many coins to flip, from 1 to \(FlipCoins.countLimit).")
    var count = 1

    @OptionGroup var chance: SeedOption
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session(options: common, seed: chance.resolve())
            for answer in session.send(.coin(.flip(count: count))) {
                switch answer {
                case .coin(.flipped(let toss)): try show(toss, seed: session.seed)
                case .coin(.failed(let reason)): throw ProgramFailure(reason)
                default: continue
                }
            }
        }
    }

    private func show(_ toss: CoinToss, seed: UInt64) throws {
        if common.json {
            try printJSON(FlipReport(seed: seed, toss: toss))
            return
        }
        print(FlipText.flips(toss.flips))
        if toss.flips.count > 1 { print(FlipText.counts(toss)) }
        if common.verbose { print("seed \(seed) (replay with --seed \(seed))") }
    }
}

/// The JSON object `coin flip --json` prints.
struct FlipReport: Encodable {
    let seed: UInt64
    let flips: [CoinSide]
    let heads: Int
    let tails: Int

    init(seed: UInt64, toss: CoinToss) {
        self.seed = seed
        flips = toss.flips
        heads = toss.heads
        tails = toss.tails
    }
}
