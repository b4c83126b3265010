import AppCore
import Testing

@Suite("Coin statistics")
struct CoinStatisticsSpec {
    func flips(_ letters: String) -> [CoinSide] { letters.compactMap(CoinSide.init(letter:)) }

    @Test func countsRunsAndTheLongestRun() {
        let statistics = CoinStatistics(flips("HHTHTTT"))
        #expect(statistics.flips == 7)
        #expect(statistics.heads == 3)
        #expect(statistics.tails == 4)
        #expect(statistics.runs == 4)
        #expect(statistics.longestRun == 3)
    }

    @Test func noFlipsMakeNoRuns() {
        let statistics = CoinStatistics([])
        #expect(statistics.runs == 0)
        #expect(statistics.longestRun == 0)
        #expect(statistics.pValue == 1)
    }

    // Reference values from an independent exact binomial test (SciPy's binomtest).
    @Test(arguments: [
        (10, 2, 0.109375), (10, 8, 0.109375), (10, 5, 1.0), (100, 40, 0.05688793364098089),
        (20, 0, 1.9073486328125e-06), (100_000, 50_700, 9.684743516025143e-06),
    ])
    func thePValueIsTheExactTwoSidedBinomialTest(_ flips: Int, _ heads: Int, _ expected: Double) {
        let sides = Array(repeating: CoinSide.heads, count: heads) + Array(repeating: .tails, count: flips - heads)
        let pValue = CoinStatistics(sides).pValue
        #expect(abs(pValue - expected) <= expected * 1e-9, "got \(pValue)")
    }
}
