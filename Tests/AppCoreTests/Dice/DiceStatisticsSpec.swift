import AppCore
import Foundation
import Testing

@Suite("Dice, as weighed")
struct DiceStatisticsSpec {
    let core = DiceUnderTest()

    @Test func threeDiceOfSixMakeTenTwentySevenTimesIn216() throws {
        let statistics = try core.weigh("3d6")
        #expect(isClose(statistics.probability(of: 10), 27.0 / 216))
        #expect(statistics.min == 3 && statistics.max == 18)
        #expect(isClose(statistics.mean, 10.5))
        #expect(isClose(statistics.standardDeviation, (3 * 35.0 / 12).squareRoot()))
        #expect(statistics.tailMass == 0)
        #expect(isClose(statistics.distribution.reduce(0) { $0 + $1.probability }, 1))
    }

    @Test func eachLabelIsWeighedOnItsOwnAndTheWholeAsWithout() throws {
        let labeled = try core.weigh("2d6 [fire] + 1d6 [cold]")
        let plain = try core.weigh("2d6 + 1d6")
        let labels = try #require(labeled.labels)
        #expect(labels.map(\.label) == ["fire", "cold"])
        #expect(labels.map(\.notation) == ["2d6", "1d6"])
        #expect(labels.map(\.min) == [2, 1])
        #expect(labels.map(\.max) == [12, 6])
        #expect(isClose(labels[0].mean, 7) && isClose(labels[1].mean, 3.5))
        #expect(isClose(labels[0].standardDeviation, (2 * 35.0 / 12).squareRoot()))
        #expect(isClose(labels[1].standardDeviation, (35.0 / 12).squareRoot()))
        // The labels change nothing of the whole.
        #expect(labeled.distribution == plain.distribution)
        #expect(labeled.min == plain.min && labeled.max == plain.max && labeled.mean == plain.mean)
        #expect(labeled.standardDeviation == plain.standardDeviation && labeled.tailMass == plain.tailMass)
        #expect(plain.labels == nil)
    }

    @Test func aLabelTakenAwayIsWeighedAsTheNegativeAmountARollGivesIt() throws {
        // As a roll says: the fire of `2d6+3 [slashing] - 1d6! [fire]` is `- 1d6!`, at most −1.
        let labels = try #require(try core.weigh("2d6+3 [slashing] - 1d6! [fire]").labels)
        #expect(labels.map(\.notation) == ["2d6+3", "- 1d6!"])
        #expect(labels.map(\.min) == [5, nil])
        #expect(labels.map(\.max) == [15, -1])
        #expect(isClose(labels[1].mean, -4.2, tolerance: 1e-9))
    }

    @Test func weighingRollsNothingAndKeepsNothing() throws {
        _ = try core.weigh("3d6")
        #expect(try core.store.state() == DiceHistory())
    }

    @Test(arguments: [("4d6kh3", 4, 6), ("4d6dl1", 4, 6), ("3d20dh1dl1", 3, 20), ("2d20kh1", 2, 20), ("5d4kl2", 5, 4)])
    func keepAndDropMatchCountingEveryOutcome(_ expression: String, _ dice: Int, _ sides: Int) throws {
        let statistics = try core.weigh(expression)
        let keep: ([Int]) -> Int = { outcome in
            let sorted = outcome.sorted(by: >)
            switch expression {
            case "4d6kh3", "4d6dl1": return sorted.prefix(3).reduce(0, +)
            case "3d20dh1dl1": return sorted[1]
            case "2d20kh1": return sorted[0]
            default: return sorted.suffix(2).reduce(0, +)
            }
        }
        let outcomes = everyOutcome(dice: dice, sides: sides)
        var counts: [Int: Int] = [:]
        for outcome in outcomes { counts[keep(outcome), default: 0] += 1 }
        for (total, count) in counts {
            #expect(isClose(statistics.probability(of: total), Double(count) / Double(outcomes.count)), "\(total)")
        }
        #expect(statistics.distribution.count == counts.count)
    }

    @Test func rerollingOnceMovesTheRerolledFacesChance() throws {
        let statistics = try core.weigh("1d6ro1")
        #expect(isClose(statistics.probability(of: 1), 1.0 / 36))
        for face in 2...6 { #expect(isClose(statistics.probability(of: face), 7.0 / 36)) }
    }

    @Test func rerollingUntilRemovesTheFace() throws {
        let statistics = try core.weigh("1d6rr1")
        #expect(statistics.probability(of: 1) == 0)
        for face in 2...6 { #expect(isClose(statistics.probability(of: face), 1.0 / 5)) }
    }

    @Test func anExplodingDieIsUnboundedAndExactUpToItsTail() throws {
        let statistics = try core.weigh("1d6!")
        #expect(statistics.max == nil)
        #expect(statistics.min == 1)
        #expect(statistics.probability(of: 6) == 0)
        #expect(isClose(statistics.probability(of: 7), 1.0 / 36))
        #expect(isClose(statistics.probability(of: 13), 1.0 / 216))
        #expect(isClose(statistics.mean, 4.2, tolerance: 1e-9))  // 3.5 × 6/5
        #expect(statistics.tailMass > 0 && statistics.tailMass < DiceLimits.tailMass)
    }

    @Test func penetratingAndOnceExplosions() throws {
        let penetrating = try core.weigh("1d6!p")
        #expect(isClose(penetrating.probability(of: 6), 1.0 / 36))  // a 6, then a 1 that counts 0
        let once = try core.weigh("1d6!o")
        #expect(once.max == 12)
        #expect(isClose(once.probability(of: 12), 1.0 / 36))
        #expect(once.tailMass == 0)
    }

    @Test func compoundingThenKeeping() throws {
        let statistics = try core.weigh("2d6!!kh1")
        let single = try core.weigh("1d6!!")
        // P(max ≤ t) = P(one die ≤ t)², so P(max = t) = F(t)² − F(t − 1)².
        let cumulative: (Int) -> Double = { t in
            single.distribution.filter { $0.value <= t }.reduce(0) { $0 + $1.probability }
        }
        for total in 1...20 {
            let expected = cumulative(total) * cumulative(total) - cumulative(total - 1) * cumulative(total - 1)
            #expect(isClose(statistics.probability(of: total), expected, tolerance: 1e-12), "\(total)")
        }
    }

    @Test func countingSuccessesIsBinomial() throws {
        let statistics = try core.weigh("5d10>=8")
        for successes in 0...5 {
            var choose = 1.0
            for k in 0..<successes { choose = choose * Double(5 - k) / Double(k + 1) }
            let chance: Double = pow(0.3, Double(successes)) * pow(0.7, Double(5 - successes))
            let expected = choose * chance
            #expect(isClose(statistics.probability(of: successes), expected), "\(successes)")
        }
    }

    @Test func failuresSubtract() throws {
        let statistics = try core.weigh("1d10>=8f1")
        #expect(isClose(statistics.probability(of: 1), 0.3))
        #expect(isClose(statistics.probability(of: -1), 0.1))
        #expect(isClose(statistics.probability(of: 0), 0.6))
    }

    @Test func aComparisonIsOneOrZero() throws {
        let statistics = try core.weigh("1d20+5>=15")
        #expect(isClose(statistics.probability(of: 1), 11.0 / 20))
        #expect(isClose(statistics.probability(of: 0), 9.0 / 20))
    }

    @Test func aRolledCountIsAMixture() throws {
        let statistics = try core.weigh("(1d4)d6")
        #expect(isClose(statistics.mean, 2.5 * 3.5))
        #expect(statistics.min == 1 && statistics.max == 24)
        #expect(isClose(statistics.probability(of: 24), 1.0 / 4 / 1296))
    }

    @Test func fateDice() throws {
        let statistics = try core.weigh("4dF")
        #expect(isClose(statistics.probability(of: 0), 19.0 / 81))
        #expect(statistics.min == -4 && statistics.max == 4)
        let variant = try core.weigh("dF.1")
        #expect(isClose(variant.probability(of: 0), 4.0 / 6))
    }

    @Test func aSetKeepingTheHigherIsLikeAdvantage() throws {
        let set = try core.weigh("{1d20,1d20}kh1")
        let advantage = try core.weigh("2d20kh1")
        for total in 1...20 { #expect(isClose(set.probability(of: total), advantage.probability(of: total))) }
    }

    @Test func divisionRoundsDown() throws {
        let statistics = try core.weigh("1d6/2")
        #expect(isClose(statistics.probability(of: 0), 1.0 / 6))
        #expect(isClose(statistics.probability(of: 3), 1.0 / 6))
        #expect(isClose(statistics.probability(of: 1), 2.0 / 6))
    }

    @Test func aThousandDiceAreExact() throws {
        let statistics = try core.weigh("1000d6")
        #expect(statistics.min == 1_000 && statistics.max == 6_000)
        #expect(isClose(statistics.mean, 3_500, tolerance: 1e-6))
        #expect(isClose(statistics.standardDeviation, (1_000 * 35.0 / 12).squareRoot(), tolerance: 1e-6))
        #expect(isClose(statistics.probability(of: 3_500), statistics.probability(of: 3_500), tolerance: 0))
        #expect(isClose(statistics.probability(of: 3_499), statistics.probability(of: 3_501)))  // symmetric
    }

    @Test func sumsOfRepeats() throws {
        let statistics = try core.weigh("sum(3x 1d6)")
        #expect(isClose(statistics.probability(of: 10), 27.0 / 216))
    }

    @Test func aRerollAfterAKeepRerollsOnlyTheKeptDice() throws {
        // The kept die of 2d3kh1 is rerolled once on a 1, the dropped one never.
        let statistics = try core.weigh("2d3kh1ro1")
        // The higher of two d3 is 1 in 1/9 of rolls; then a fresh d3.
        #expect(isClose(statistics.probability(of: 1), 1.0 / 9 / 3))
        #expect(isClose(statistics.probability(of: 2), 3.0 / 9 + 1.0 / 27))
        #expect(isClose(statistics.probability(of: 3), 5.0 / 9 + 1.0 / 27))
    }

    @Test func largeKeepsAreWeighedFromTheKeptEnd() throws {
        let statistics = try core.weigh("300d50kh5")
        #expect(statistics.min == 5 && statistics.max == 250)
        #expect(isClose(statistics.distribution.reduce(0) { $0 + $1.probability }, 1, tolerance: 1e-9))
        // All five highest are 50 unless at most four of 300 dice show 50.
        var atMostFour = 0.0
        var choose = 1.0
        for k in 0...4 {
            if k > 0 { choose = choose * Double(300 - k + 1) / Double(k) }
            atMostFour += choose * pow(1.0 / 50, Double(k)) * pow(49.0 / 50, Double(300 - k))
        }
        #expect(isClose(statistics.probability(of: 250), 1 - atMostFour, tolerance: 1e-9))
    }

    @Test func keepingAfterAnExplosionOfSeparateDiceIsBounded() throws {
        // Every die of 2d8! shows 1 to 8, however many there are.
        let statistics = try core.weigh("2d8!kh1")
        #expect(statistics.min == 1 && statistics.max == 8)
        // Two dice, neither an 8: the higher of two d7 as dice of 8 faces.
        for face in 1...7 {
            #expect(isClose(statistics.probability(of: face), Double(2 * face - 1) / 64))
        }
        #expect(isClose(statistics.probability(of: 8), 15.0 / 64, tolerance: 1e-12))
    }

    @Test(arguments: [
        "3d6", "d20", "d%", "2d%", "4dF+2", "4dF.1", "1d{2,3,3,4,4,5}", "5d{0,1}", "(1d4)d6", "{1d6,1d8,1d10}", "5",
        "1d20+5 >= 15", "abs(1d6-4)", "floor(1d6)/ceil(2)", "round(1d6)*-1", "2d20kh1", "4d6kh3", "4d6dl1",
        "3d20dh1dl1", "1d6ro1", "2d6ro<=2", "1d6rr1", "1d6r1", "3d6!", "1d6!>=5", "2d6!!kh1", "1d6!p", "1d6!o",
        "8d6min2", "4d6max4", "5d10>=8", "12d6>=5", "10d10>=8f1", "6d10!cs>=8", "{1d20+5,1d20+5}kh1", "6x 4d6kh3",
        "sum(3x 1d6)", "2d8!kh1", "5d6kh4ro2", "300d50kh5", "4d6kh3!", "5d10>=8kh2", "1d6max4!",
    ])
    func everyExampleOfTheNotationPageIsWeighedAndEveryRollFallsWithin(_ expression: String) throws {
        let statistics = try core.weigh(expression)
        let listed = statistics.distribution.reduce(0) { $0 + $1.probability }
        #expect(isClose(listed + statistics.tailMass, 1, tolerance: 1e-9))
        #expect(statistics.tailMass < DiceLimits.tailMass)
        for total in try DiceUnderTest(seed: 5).roll(expression, times: 100).results.map(\.total) {
            #expect(statistics.min.map { $0 <= total } ?? true, "\(total)")
            #expect(statistics.max.map { $0 >= total } ?? true, "\(total)")
            #expect(statistics.probability(of: total) > 0 || statistics.tailMass > 0, "\(total)")
        }
    }
}
