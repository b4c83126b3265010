import AppCore
import Testing

@Suite("Coin feature")
struct CoinFeatureSpec {
    @Test func flippingAnswersWithTheTossAndKeepsIt() throws {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 3)))
        let tosses = core.store.state().coins.tosses
        #expect(tosses.count == 1)
        #expect(tosses.first?.flips.count == 3)
        #expect(tosses.first?.at == noon)
        #expect(core.received().last == .coin(.flipped(toss: try #require(tosses.first))))
    }

    @Test func theSameSeedFlipsTheSameCoins() {
        let first = CoreUnderTest(seed: 9)
        let second = CoreUnderTest(seed: 9)
        first.send(.coin(.flip(count: 50)))
        second.send(.coin(.flip(count: 50)))
        #expect(first.received() == second.received())
    }

    @Test func aDifferentSeedFlipsDifferentCoins() {
        let first = CoreUnderTest(seed: 9)
        let second = CoreUnderTest(seed: 10)
        first.send(.coin(.flip(count: 50)))
        second.send(.coin(.flip(count: 50)))
        #expect(first.received() != second.received())
    }

    @Test(arguments: [0, -3, FlipCoins.countLimit + 1])
    func aCountOutOfRangeFailsAndKeepsNothing(_ count: Int) {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: count)))
        #expect(
            core.received().last == .coin(.failed(reason: .countOutOfRange(count: count, limit: FlipCoins.countLimit))))
        #expect(core.store.state() == AppState.initial)
    }

    @Test func theHistoryShowsEveryTossOldestFirst() {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 1)))
        core.send(.coin(.flip(count: 2)))
        core.send(.coin(.showHistory))
        guard case .coin(.history(let tosses)) = core.received().last else {
            Issue.record("expected the history, got \(core.received())")
            return
        }
        #expect(tosses.map(\.flips.count) == [1, 2])
    }

    @Test func clearingTheHistoryForgetsEveryToss() {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 2)))
        core.send(.coin(.clearHistory))
        #expect(core.received().last == .coin(.historyCleared))
        #expect(core.store.state().coins.tosses.isEmpty)
    }

    @Test func aFairCoinFallsHeadsHalfTheTime() {
        // 100,000 seeded flips: heads within 50,000 ± 700 (over 4 standard deviations).
        let core = CoreUnderTest(seed: 2026)
        core.send(.coin(.flip(count: 100_000)))
        let heads = core.store.state().coins.tosses.first?.heads ?? 0
        #expect(abs(heads - 50_000) <= 700)
    }
}
