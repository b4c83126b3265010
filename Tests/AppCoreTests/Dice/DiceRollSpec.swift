import AppCore
import Testing

@Suite("Dice, as rolled")
struct DiceRollSpec {
    /// The dice of the first result's only term, over many seeds.
    func dice(_ expression: String, seeds: ClosedRange<UInt64> = 1...200) throws -> [[DieRoll]] {
        try seeds.map { seed in try DiceUnderTest(seed: seed).roll(expression).results[0].terms.last?.dice ?? [] }
    }

    @Test func aRollIsKeptInTheHistoryWithItsTotals() throws {
        let core = DiceUnderTest()
        let roll = try core.roll("2d6+1")
        #expect(roll.expression == "2d6+1")
        #expect(roll.at == noon)
        #expect(try core.store.state().entries == [roll.totalsOnly])
    }

    @Test func theSameSeedRollsTheSameDice() throws {
        #expect(try DiceUnderTest(seed: 7).roll("4d6kh3") == DiceUnderTest(seed: 7).roll("4d6kh3"))
        #expect(try DiceUnderTest(seed: 7).roll("20d20") != DiceUnderTest(seed: 8).roll("20d20"))
    }

    @Test func everyDieShowsOneOfItsFaces() throws {
        for dice in try dice("10d{-2,0,7}") { #expect(dice.allSatisfy { [-2, 0, 7].contains($0.value) }) }
        for dice in try dice("10dF") { #expect(dice.allSatisfy { (-1...1).contains($0.value) }) }
        for dice in try dice("10d%") { #expect(dice.allSatisfy { (1...100).contains($0.value) }) }
    }

    @Test func keepAndDropPickDistinctDiceEvenOnTies() throws {
        let kept = try DiceUnderTest().roll("4d1kh3").results[0]
        #expect(kept.total == 3)
        #expect(kept.terms[0].dice.count { $0.dropped } == 1)
        let median = try DiceUnderTest().roll("3d1dh1dl1").results[0]
        #expect(median.total == 1)
        #expect(median.terms[0].dice.count { $0.dropped } == 2)
    }

    @Test func keepingTheHighestKeepsTheHighest() throws {
        for dice in try dice("4d6kh3") {
            let kept = dice.filter { !$0.dropped }.map(\.value)
            let dropped = dice.filter(\.dropped).map(\.value)
            #expect(kept.count == 3)
            #expect(dropped.allSatisfy { value in kept.allSatisfy { $0 >= value } })
        }
    }

    @Test func keepingMoreThanWereRolledKeepsThemAll() throws {
        #expect(try DiceUnderTest().roll("2d6kh5").results[0].terms[0].dice.allSatisfy { !$0.dropped })
    }

    @Test func rerollingOnceKeepsTheSecondResult() throws {
        for die in try dice("1d2ro1").flatMap({ $0 }) {
            if die.faces.first == 1 {
                #expect(die.rerolled && die.faces.count == 2 && die.value == die.faces[1])
            } else {
                #expect(!die.rerolled && die.faces == [2])
            }
        }
    }

    @Test(arguments: ["1d6rr<=5", "1d6r<6"])
    func rerollingUntilItNoLongerMatches(_ expression: String) throws {
        for die in try dice(expression).flatMap({ $0 }) { #expect(die.value == 6) }
    }

    @Test func explodingAddsADieForEveryHighestFace() throws {
        for dice in try dice("1d2!") {
            #expect(dice.first?.extra == false)
            #expect(dice.dropFirst().allSatisfy { $0.extra })
            #expect(dice.dropLast().allSatisfy { $0.value == 2 && $0.exploded })
            #expect(dice.last?.value == 1 && dice.last?.exploded == false)
        }
    }

    @Test func explodingOnAConditionExplodesOnThatCondition() throws {
        for dice in try dice("1d6!>=5") { #expect(dice.allSatisfy { $0.exploded == ($0.value >= 5) }) }
    }

    @Test func compoundingMakesTheChainOneDie() throws {
        for dice in try dice("1d2!!") {
            let die = try #require(dice.first)
            #expect(dice.count == 1)
            #expect(die.value == die.faces.reduce(0, +))
            #expect(die.faces.dropLast().allSatisfy { $0 == 2 } && die.faces.last == 1)
        }
    }

    @Test func penetratingDiceCountOneLess() throws {
        for dice in try dice("1d2!p") {
            for die in dice.dropFirst() { #expect(die.extra && die.value == (die.faces.first ?? 0) - 1) }
        }
    }

    @Test func explodingOnceAddsOneDieAtMost() throws {
        for dice in try dice("1d2!o") { #expect(dice.count <= 2) }
    }

    @Test func minAndMaxClampEveryDie() throws {
        for dice in try dice("8d6min2") {
            #expect(dice.allSatisfy { $0.value >= 2 && $0.value == max($0.faces[0], 2) })
        }
        for dice in try dice("4d6max4") {
            #expect(dice.allSatisfy { $0.value <= 4 && $0.value == min($0.faces[0], 4) })
        }
    }

    @Test func countingSuccessesAndFailures() throws {
        for seed in UInt64(1)...100 {
            let result = try DiceUnderTest(seed: seed).roll("10d10>=8f1").results[0]
            let values = result.terms[0].dice.map(\.value)
            #expect(result.total == values.count { $0 >= 8 } - values.count { $0 == 1 })
        }
    }

    @Test func successesOnExplodingDiceCountEveryDieOfTheChain() throws {
        for seed in UInt64(1)...100 {
            let result = try DiceUnderTest(seed: seed).roll("6d10!cs>=8").results[0]
            let dice = result.terms[0].dice
            #expect(result.total == dice.count { $0.value >= 8 })
            #expect(dice.count { !$0.extra } == 6)
        }
    }

    @Test func aSetKeepsWholeResults() throws {
        for seed in UInt64(1)...50 {
            let result = try DiceUnderTest(seed: seed).roll("{1d20+5,1d20+5}kh1").results[0]
            let members = try #require(result.terms.last).dice.map(\.value)
            #expect(result.total == members.max())
            #expect(members.count == 2)
        }
    }

    @Test func arithmetic() throws {
        let core = DiceUnderTest()
        #expect(try core.roll("2+3*4").results[0].total == 14)
        #expect(try core.roll("(2+3)*4").results[0].total == 20)
        #expect(try core.roll("-7/2").results[0].total == -4)  // floor, not toward zero
        #expect(try core.roll("7/2").results[0].total == 3)
        #expect(try core.roll("abs(-3)").results[0].total == 3)
        #expect(try core.roll("abs(4)").results[0].total == 4)
        #expect(try core.roll("floor(-2)+ceil(-2)+round(-2)").results[0].total == -6)
        #expect(try core.roll("1d1+5>=6").results[0].total == 1)
        #expect(try core.roll("1d1+5>6").results[0].total == 0)
    }

    @Test func repeatsRollTheWholeExpressionAgain() throws {
        let core = DiceUnderTest()
        #expect(try core.roll("6x 4d6kh3").results.count == 6)
        #expect(try core.roll("2x 1d6", times: 3).results.count == 6)
        #expect(try core.roll("sum(3x 1d1)").results.map(\.total) == [3])
    }

    @Test func aRolledCountRollsThatManyDice() throws {
        for seed in UInt64(1)...50 {
            let result = try DiceUnderTest(seed: seed).roll("(1d4)d6").results[0]
            #expect(result.terms.count == 2)
            #expect(result.terms[1].dice.count == result.terms[0].value)
        }
    }

    @Test func seededRollsFollowTheExactDistribution() throws {
        // 20,000 seeded rolls of 2d6 against the distribution counted by hand: (6 − |s − 7|) / 36.
        // Chi-square with 10 degrees of freedom; 29.6 is its 0.1 % critical value.
        let core = DiceUnderTest(seed: 99)
        let totals =
            try core.roll("2d6", times: 1_000).results.map(\.total)
            + (0..<19).flatMap { _ in try core.roll("2d6", times: 1_000).results.map(\.total) }
        let chiSquare = (2...12).reduce(0.0) { sum, total in
            let expected = Double(totals.count) * Double(6 - abs(total - 7)) / 36
            let observed = Double(totals.count { $0 == total })
            return sum + (observed - expected) * (observed - expected) / expected
        }
        #expect(totals.count == 20_000)
        #expect(chiSquare < 29.6)
    }

    @Test func aFailedRollKeepsNothing() throws {
        let core = DiceUnderTest()
        _ = core.failure("4d6kk3")
        #expect(try core.store.state() == DiceHistory())
    }
}
