import AppCore
import Testing

/// A seed replays the same totals whatever way the dice are rolled: the totals below were rolled
/// by the program before a tally stopped keeping every die (`dice EXPR --times 12 --seed 7`), and
/// must stay what they are, for a stored seed is a promise.
@Suite("Dice, replayed from a seed")
struct DiceReplaySpec {
    static let pinned: [(expression: String, totals: [Int])] = [
        ("3d6", [13, 18, 5, 10, 15, 9, 4, 11, 7, 9, 7, 15]),
        ("4d6kh3", [17, 13, 12, 16, 6, 11, 10, 6, 17, 17, 12, 14]),
        ("3d6!", [32, 5, 24, 9, 4, 11, 7, 9, 7, 23, 26, 10]),
        ("2d10r1!!", [11, 38, 7, 8, 27, 11, 8, 4, 9, 10, 10, 8]),
        ("5d10>=8f1", [4, 0, 3, 0, 1, -1, 2, 2, 1, 2, 2, 3]),
        ("{1d6,1d8}kh1", [5, 8, 7, 1, 3, 6, 8, 5, 4, 2, 6, 5]),
        ("(1d4)d6", [14, 11, 4, 15, 6, 2, 12, 1, 6, 5, 17, 18]),
        ("2d6 [fire] + 1d6 [cold]", [13, 18, 5, 10, 15, 9, 4, 11, 7, 9, 7, 15]),
        ("4dF", [2, 0, 0, 2, -3, -1, -1, -3, 3, 3, -1, 1]),
        ("d%", [71, 28, 84, 99, 100, 88, 7, 11, 41, 16, 55, 74]),
        ("6d6!p", [33, 31, 15, 16, 28, 33, 35, 25, 34, 23, 13, 19]),
        ("3d6!okl2", [7, 2, 5, 5, 2, 6, 3, 3, 2, 6, 7, 6]),
        ("4d6dl1min2max5", [15, 12, 12, 14, 7, 11, 11, 7, 15, 15, 11, 14]),
        ("3d20ro<3", [38, 58, 16, 45, 40, 20, 21, 35, 19, 30, 48, 41]),
    ]

    @Test func aSeedRollsTheTotalsItAlwaysRolled() throws {
        for (expression, totals) in Self.pinned {
            #expect(
                try DiceUnderTest(seed: 7).roll(expression, times: 12).results.map(\.total) == totals, "\(expression)")
        }
    }

    @Test func aTallyCountsTheTotalsItAlwaysCounted() throws {
        // dice 3d6 --times 1000 --summary --seed 7 --json, before a tally stopped keeping every die.
        let counts = [6, 17, 39, 38, 73, 92, 100, 123, 114, 106, 115, 67, 54, 32, 19, 5]
        let dice = DiceUnderTest(seed: 7)
        dice.send(.tally(expression: "3d6", times: 1_000))
        guard case .tallied(let tally) = dice.received().last else {
            Issue.record("expected a tally, got \(dice.received())")
            return
        }
        #expect(tally.counts.map(\.value) == Array(3...18))
        #expect(tally.counts.map(\.count) == counts)
    }

    @Test(.slow) func aTallyCountsTheVeryTotalsTheSameSeedRolls() throws {
        for (expression, _) in Self.pinned { try expectTallyCountsWhatARollRolls(expression) }
    }

    @Test(.slow) func aTallyCountsTotalsFarApartAndBelowZero() throws {
        // Totals over more than 4,096 values apart, and totals below zero, counted alike.
        for expression in ["1d100000", "1d3*5000-2", "4dF-2", "1d6-1000000", "{1d6, 1d1000000}kh1"] {
            try expectTallyCountsWhatARollRolls(expression)
        }
    }

    /// The counts of a tally are those of the totals the same seed rolls, and each drew as many
    /// numbers: what each rolls next is the same.
    private func expectTallyCountsWhatARollRolls(_ expression: String) throws {
        // More than a roll keeps, so that the roll streams its results as the tally counts them.
        let rolled = DiceUnderTest(seed: 3)
        rolled.send(.roll(expression: expression, times: 1_001))
        var expected: [Int: Int] = [:]
        for case .rolling(let results) in rolled.received() {
            for result in results { expected[result.total, default: 0] += 1 }
        }
        let tallied = DiceUnderTest(seed: 3)
        tallied.send(.tally(expression: expression, times: 1_001))
        guard case .tallied(let tally) = tallied.received().last else {
            Issue.record("expected a tally of \(expression), got \(tallied.received())")
            return
        }
        let counted = Dictionary(uniqueKeysWithValues: tally.counts.map { ($0.value, $0.count) })
        #expect(counted == expected, "\(expression)")
        #expect(tally.rolls == 1_001)
        #expect(tally.counts.map(\.value) == tally.counts.map(\.value).sorted())
        #expect(try rolled.roll("1d1000000").results == tallied.roll("1d1000000").results, "\(expression)")
    }
}
