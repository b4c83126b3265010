import AppCore
import Testing

@Suite("Coin feature, built alone")
struct CoinFeatureSpec {
    @Test func flippingAnswersWithTheTossAndKeepsIt() throws {
        let core = CoinUnderTest()
        core.send(.flip(count: 3))
        let tosses = try core.store.state().entries
        #expect(tosses.count == 1)
        #expect(tosses.first?.flips.count == 3)
        #expect(tosses.first?.at == noon)
        #expect(core.received().last == .flipped(toss: try #require(tosses.first)))
    }

    @Test func theSameSeedFlipsTheSameCoins() {
        let first = CoinUnderTest(seed: 9)
        let second = CoinUnderTest(seed: 9)
        first.send(.flip(count: 50))
        second.send(.flip(count: 50))
        #expect(first.received() == second.received())
    }

    @Test func aDifferentSeedFlipsDifferentCoins() {
        let first = CoinUnderTest(seed: 9)
        let second = CoinUnderTest(seed: 10)
        first.send(.flip(count: 50))
        second.send(.flip(count: 50))
        #expect(first.received() != second.received())
    }

    @Test(arguments: [0, -3, CoinLimits.flips + 1])
    func aCountOutOfRangeFailsAndKeepsNothing(_ count: Int) throws {
        let core = CoinUnderTest()
        core.send(.flip(count: count))
        #expect(
            core.received().last == .failed(reason: .countOutOfRange(count: count, limit: CoinLimits.flips)))
        #expect(try core.store.state() == CoinHistory())
    }

    @Test func theHistoryShowsEveryTossOldestFirst() {
        let core = CoinUnderTest()
        core.send(.flip(count: 1))
        core.send(.flip(count: 2))
        core.send(.showHistory)
        guard case .history(let tosses) = core.received().last else {
            Issue.record("expected the history, got \(core.received())")
            return
        }
        #expect(tosses.map(\.flips.count) == [1, 2])
    }

    @Test func clearingTheHistoryForgetsEveryToss() throws {
        let core = CoinUnderTest()
        core.send(.flip(count: 2))
        core.send(.clearHistory)
        #expect(core.received().last == .historyCleared)
        #expect(try core.store.state().entries.isEmpty)
    }

    @Test func aFairCoinFallsHeadsHalfTheTime() throws {
        // 100,000 seeded flips: heads within 50,000 ± 700 (over 4 standard deviations).
        let core = CoinUnderTest(seed: 2026)
        core.send(.flip(count: 100_000))
        let heads = try core.store.state().entries.first?.heads ?? 0
        #expect(abs(heads - 50_000) <= 700)
    }
}
