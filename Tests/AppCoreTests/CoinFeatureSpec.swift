import AppCore
import Essentials
import Testing

@Suite("Coin feature, built alone")
struct CoinFeatureSpec {
    /// A toss of these flips, at noon.
    private func toss(_ letters: String) -> CoinToss {
        CoinToss(flips: letters.map { $0 == "H" ? .heads : .tails }, at: noon)
    }

    @Test func flippingAnswersWithTheTossAndKeepsIt() throws {
        let coin = FeatureUnderTest<CoinFeature>(seed: 9)
        let flipped = toss("HHH")
        try coin.send(.flip(count: 3), changes: [.record(flipped)], answers: [.flipped(toss: flipped)])
    }

    @Test func theSameSeedFlipsTheSameCoins() throws {
        let first = FeatureUnderTest<CoinFeature>(seed: 9)
        let second = FeatureUnderTest<CoinFeature>(seed: 9)
        let (_, answers) = first.sent(.flip(count: 50))
        guard case .flipped(let toss) = try #require(answers.first) else {
            Issue.record("expected a toss, got \(answers)")
            return
        }
        #expect(toss.flips.count == 50)
        try second.send(.flip(count: 50), changes: [.record(toss)], answers: [.flipped(toss: toss)])
    }

    @Test func aDifferentSeedFlipsDifferentCoins() {
        let first = FeatureUnderTest<CoinFeature>(seed: 9).sent(.flip(count: 50))
        let second = FeatureUnderTest<CoinFeature>(seed: 10).sent(.flip(count: 50))
        #expect(first.answers.count == 1)
        #expect(first.answers != second.answers)
    }

    @Test(arguments: [0, -3, CoinLimits.flips + 1])
    func aCountOutOfRangeFailsAndKeepsNothing(_ count: Int) throws {
        try FeatureUnderTest<CoinFeature>().send(
            .flip(count: count), changes: [],
            answers: [.failed(reason: .countOutOfRange(count: count, limit: CoinLimits.flips))])
    }

    @Test func theHistoryShowsEveryTossOldestFirstAndChangesNothing() throws {
        let coin = FeatureUnderTest<CoinFeature>(starting: CoinHistory([toss("H"), toss("TH")]))
        try coin.send(.showHistory, changes: [], answers: [.history(tosses: [toss("H"), toss("TH")])])
    }

    @Test func clearingTheHistoryForgetsEveryToss() throws {
        let coin = FeatureUnderTest<CoinFeature>(starting: CoinHistory([toss("HT")]))
        try coin.send(.clearHistory, changes: [.clear], answers: [.historyCleared])
        #expect(try coin.state.entries.isEmpty)
    }

    @Test func aFairCoinFallsHeadsHalfTheTime() throws {
        // 100,000 seeded flips: heads within 50,000 ± 700 (over 4 standard deviations).
        let coin = FeatureUnderTest<CoinFeature>(seed: 2026)
        _ = coin.sent(.flip(count: 100_000))
        let heads = try #require(try coin.state.entries.first).heads
        #expect(abs(heads - 50_000) <= 700)
    }
}
