import AppCore
import ProgramKit

/// A flip as a line asks for it, in plain values: what `Flip` runs once the parser read the line,
/// and what the quick reading of `coin flip` makes without the parser's option types, each of
/// which cost the program's start the run time's making of its generic types (`QuickLine`).
struct FlipRun: QuickCommand {
    var count = 1
    var stats = false
    /// The seed the line gave, if it gave one.
    var seed: UInt64?
    var common = CommonSettings()

    /// One coin, a drawn seed, no statistics: `coin flip` as the parser reads it.
    static func oneCoin(from line: QuickLine) -> FlipRun {
        FlipRun(common: line.settings)
    }

    /// Nothing to check: `Flip` checks what only the parser reads.
    func validate() throws {}

    func run() throws {
        try reportingFailures {
            let session = try Session(settings: common, seed: SeedOption.resolve(seed))
            let answer = try session.send(.flip(count: count), to: CoinFeature.self)
            guard case .flipped(let toss) = answer else { throw ProgramFailure.unexpected(answer) }
            try show(toss, seed: session.seed)
        }
    }

    private func show(_ toss: CoinToss, seed: UInt64) throws {
        let statistics = stats ? CoinStatistics(toss.flips) : nil
        if common.json {
            try printJSON(FlipReport(seed: seed, toss: toss, statistics: statistics))
            return
        }
        let style = TextStyle.forStandardOutput()
        print(FlipText.flips(toss.flips, style: style))
        if toss.flips.count > 1 || statistics != nil { print(FlipText.counts(toss)) }
        if let statistics { print(FlipText.statistics(statistics)) }
        if common.verbose { print(style.seedNote(seed)) }
    }
}
