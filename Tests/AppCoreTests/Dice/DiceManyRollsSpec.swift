import AppCore
import Testing

/// Rolls past the history's thousand: streamed in parts, kept nowhere, and counted on request.
@Suite("Dice feature, many rolls")
struct DiceManyRollsSpec {
    @Test func upToAThousandRollsAnswerWholeAndAreKept() throws {
        let dice = DiceUnderTest()
        let roll = try dice.roll("3d6", times: DiceLimits.keptResults)
        #expect(roll.results.count == 1_000)
        #expect(dice.received().count == 1)
        #expect(try dice.store.state().entries == [roll.totalsOnly])
    }

    @Test func moreRollsStreamInPartsInOrderAndAreNotKept() throws {
        let dice = DiceUnderTest(seed: 4)
        dice.send(.roll(expression: "2d6", times: 2_500))
        let answers = dice.received()
        let parts = answers.compactMap { answer -> [RollResult]? in
            if case .rolling(let results) = answer { results } else { nil }
        }
        #expect(parts.map(\.count) == [1_000, 1_000, 500])
        #expect(answers.last == .rolledMany(expression: "2d6", results: 2_500, at: noon))
        #expect(answers.count == 4)
        #expect(try dice.store.state() == DiceHistory())
        // The same seed rolls the same dice, streamed or whole.
        let whole = DiceUnderTest(seed: 4)
        whole.send(.roll(expression: "2d6", times: 1_000))
        guard case .rolled(let roll) = whole.received().last else {
            Issue.record("expected a whole roll, got \(whole.received())")
            return
        }
        #expect(parts[0] == roll.results)
    }

    @Test func whatIsKeptIsCountedInResultsNotInTimes() throws {
        let dice = DiceUnderTest()
        dice.send(.roll(expression: "10x 1d6", times: 100))
        guard case .rolled(let roll) = dice.received().last else {
            Issue.record("expected a whole roll, got \(dice.received().last.map { "\($0)" } ?? "nothing")")
            return
        }
        #expect(roll.results.count == 1_000)
        #expect(try dice.store.state().entries.count == 1)
        dice.send(.roll(expression: "1000x 1d6", times: 2))
        #expect(dice.received().last == .rolledMany(expression: "1000x 1d6", results: 2_000, at: noon))
        #expect(try dice.store.state().entries.count == 1)
    }

    @Test func anExpressionOfRepeatsCountsEveryResultAgainstTheLimit() throws {
        let dice = DiceUnderTest()
        dice.send(.roll(expression: "10x 1d6", times: 100_001))
        #expect(dice.received() == [.failed(reason: .timesOutOfRange(times: 100_001, limit: 100_000))])
        dice.send(.roll(expression: "3d6", times: DiceLimits.times + 1))
        #expect(dice.received().last == .failed(reason: .timesOutOfRange(times: 1_000_001, limit: 1_000_000)))
        #expect(try dice.store.state() == DiceHistory())
    }

    @Test func aTallyOfSeveralExpressionsCountsEachInTurnAsTheLineRollsThem() throws {
        let dice = DiceUnderTest(seed: 5)
        dice.send(.tally(expression: "1d20 [attack] 2d6+3 # longsword", times: 300))
        let tallies = dice.received().compactMap { answer -> DiceRollTally? in
            if case .tallied(let tally) = answer { tally } else { nil }
        }
        #expect(dice.received().count == 2)
        #expect(tallies.map(\.expression) == ["1d20 [attack]", "2d6+3"])
        #expect(tallies.map(\.comment) == [nil, "longsword"])
        #expect(tallies.map(\.rolls) == [300, 300])
        // The same seed rolls the same line to the same totals, expression after expression.
        let rolls = DiceUnderTest(seed: 5)
        rolls.send(.roll(expression: "1d20 [attack] 2d6+3 # longsword", times: 300))
        let rolled = rolls.received().compactMap { answer -> [Int: Int]? in
            guard case .rolled(let roll) = answer else { return nil }
            return roll.results.reduce(into: [:]) { counts, result in counts[result.total, default: 0] += 1 }
        }
        #expect(tallies.map { Dictionary(uniqueKeysWithValues: $0.counts.map { ($0.value, $0.count) }) } == rolled)
        #expect(try dice.store.state() == DiceHistory())
    }

    @Test func theExpressionsOfATallyGiveAMillionResultsInAll() throws {
        let dice = DiceUnderTest()
        dice.send(.tally(expression: "1d20 2d6", times: 500_001))
        #expect(dice.received() == [.failed(reason: .timesOutOfRange(times: 500_001, limit: 500_000))])
        dice.send(.tally(expression: "1d20 10x 2d6", times: 90_910))
        #expect(dice.received().last == .failed(reason: .timesOutOfRange(times: 90_910, limit: 90_909)))
    }

    @Test func aTallyCountsEveryTotalAndMatchesTheExactOdds() throws {
        // 60,000 seeded rolls of 3d6: the counts pass a chi-square test against the exact
        // distribution, 15 degrees of freedom, below 37.7, its 0.1 % critical value.
        let dice = DiceUnderTest(seed: 9)
        dice.send(.tally(expression: "3d6", times: 60_000))
        guard case .tallied(let tally) = dice.received().last else {
            Issue.record("expected a tally, got \(dice.received())")
            return
        }
        let exact = try dice.weigh("3d6")
        #expect(tally.rolls == 60_000)
        #expect(tally.counts.reduce(0) { $0 + $1.count } == 60_000)
        #expect(tally.min == 3 && tally.max == 18)
        let chiSquare = tally.counts.map { count in
            let expected = exact.probability(of: count.value) * 60_000
            return (Double(count.count) - expected) * (Double(count.count) - expected) / expected
        }.reduce(0, +)
        #expect(chiSquare < 37.7)
        #expect(abs(tally.mean - 10.5) < 0.05)
        #expect(try dice.store.state() == DiceHistory())
    }
}
