import AppCore
import ArgumentParser
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct Until: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "until",
        abstract: "Flip until a sequence appears, and count the flips.",
        discussion: """
            The sequence is written with H and T, 1 to \(CoinLimits.sequence) letters. Prints \
            how many flips each search took and, with --times, their mean beside the exact \
            expectation for a fair coin. A search that has not ended after \(CoinLimits.flipsPerSearch) \
            flips stops with an error.

            With --json, one object: {"seed": …, "sequence": "HHT", "flipsNeeded": [N, …], \
            "mean": …, "expected": …}.

            Examples:
              coin until HHT
              coin until HTH --times 1000 --seed 5
            """
    )

    @Argument(help: "The sequence to wait for, such as HHT.")
    var sequence: String

    @Option(help: "How many times to search, from 1 to \(CoinLimits.searches).")
    var times = 1

    @OptionGroup var chance: SeedOption
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session(options: common, seed: chance.resolve())
            let answer = try session.send(.flipUntil(sequence: sequence, times: times), to: CoinFeature.self)
            guard case .sequenceFound(let search) = answer else { throw ProgramFailure.unexpected(answer) }
            try show(search, seed: session.seed)
        }
    }

    private func show(_ search: SequenceSearch, seed: UInt64) throws {
        if common.json {
            try printJSON(UntilReport(seed: seed, search: search))
            return
        }
        let counts = search.flipsNeeded
        if counts.count == 1, let flips = counts.first {
            print("\(search.sequence) appeared after \(flips) flips")
        } else {
            // Twenty counts still read as a line; more read better as their summary.
            if counts.count <= 20 {
                print("\(search.sequence) appeared after \(counts.map(String.init).joined(separator: ", ")) flips")
            } else {
                print(
                    "\(search.sequence): \(counts.count) searches, fewest \(counts.min() ?? 0) flips, most \(counts.max() ?? 0)"
                )
            }
            print(
                "mean \(String(printf: "%.2f", search.mean)) flips (a fair coin needs \(search.expectedFlips) on average)"
            )
        }
        if common.verbose { print(TextStyle.forStandardOutput().seedNote(seed)) }
    }
}

/// The JSON object `coin until --json` prints.
struct UntilReport: Encodable {
    let seed: UInt64
    let sequence: String
    let flipsNeeded: [Int]
    let mean: Double
    let expected: Int

    init(seed: UInt64, search: SequenceSearch) {
        self.seed = seed
        sequence = search.sequence
        flipsNeeded = search.flipsNeeded
        mean = search.mean
        expected = search.expectedFlips
    }
}
