import AppCore
import Foundation
import Testing

/// Keeping and dropping among dice that explode into separate dice, where the ranks are taken
/// over every die of every chain: weighed exactly, and checked against chains counted one by one.
@Suite("Dice, keep and drop among exploding dice")
struct DiceKeepAmongExplodingSpec {
    struct SumAndLowest: Hashable {
        let sum: Int
        let lowest: Int
    }

    /// Every chain of one d6 that explodes on 5 or 6, followed to `depth` dice: what its dice add
    /// up to and its lowest die, with their chance. A chain longer is left out: each weighs
    /// (1/3)^depth together.
    static func chains(depth: Int) -> [SumAndLowest: Double] {
        var chains: [SumAndLowest: Double] = [:]
        func follow(_ sum: Int, _ lowest: Int, _ chance: Double, _ dice: Int) {
            for face in 1...6 {
                let (total, least, likely) = (sum + face, min(lowest, face), chance / 6)
                if face < 5 {
                    chains[SumAndLowest(sum: total, lowest: least), default: 0] += likely
                } else if dice < depth {
                    follow(total, least, likely, dice + 1)
                }
            }
        }
        follow(0, Int.max, 1, 1)
        return chains
    }

    /// The dice of two sets of chains together.
    static func together(_ a: [SumAndLowest: Double], _ b: [SumAndLowest: Double]) -> [SumAndLowest: Double] {
        var joined: [SumAndLowest: Double] = [:]
        for (x, p) in a {
            for (y, q) in b {
                joined[SumAndLowest(sum: x.sum + y.sum, lowest: min(x.lowest, y.lowest)), default: 0] += p * q
            }
        }
        return joined
    }

    @Test func droppingTheLowestOfThreeDiceExplodingOnFiveOrSixMatchesEveryChainCounted() throws {
        let statistics = try DiceUnderTest().weigh("3d6!>=5dl1")
        let depth = 15
        let one = Self.chains(depth: depth)
        var totals: [Int: Double] = [:]
        for (dice, chance) in Self.together(Self.together(one, one), one) {
            totals[dice.sum - dice.lowest, default: 0] += chance
        }
        // What the three chains left out could weigh, and the rounding of long sums.
        let slack = 3 * pow(1.0 / 3, Double(depth)) + 1e-12
        for value in Set(totals.keys).union(statistics.distribution.map(\.value)) {
            #expect(abs(statistics.probability(of: value) - (totals[value] ?? 0)) <= slack, "at \(value)")
        }
        #expect(statistics.min == 2)
        #expect(statistics.max == nil)
        #expect(statistics.tailMass < DiceLimits.tailMass)
        #expect(abs(statistics.distribution.reduce(0) { $0 + $1.probability } + statistics.tailMass - 1) < 1e-12)
    }

    @Test(.slow) func twentyThousandSeededRollsFollowTheWeighedDistribution() throws {
        for expression in ["3d6!>=5dl1", "4d10!>=8dl1", "6d6!dh1dl1"] {
            let statistics = try DiceUnderTest().weigh(expression)
            let core = DiceUnderTest(seed: 31)
            core.send(.tally(expression: expression, times: 20_000))
            guard case .tallied(let tally) = core.received().last else {
                Issue.record("expected a tally of \(expression), got \(core.received())")
                continue
            }
            let totals = tally.counts.flatMap { Array(repeating: $0.value, count: $0.count) }
            let (statistic, critical) = chiSquare(totals, against: statistics)
            #expect(statistic < critical, "\(expression): chi-square \(statistic) against \(critical)")
        }
    }

    @Test(.slow) func whatNeedsTooMuchWorkIsRefusedNamingTheLimit() {
        let failure = DiceUnderTest().weighingFailure("50d6!>=5dl1")
        #expect(
            failure
                == .overLimit(
                    expression: "50d6!>=5dl1",
                    problem: "its exact distribution needs more than \(DiceLimits.statisticsWork) steps"))
    }
}
