import AppCore
import Testing

@Suite("Coin history")
struct CoinHistorySpec {
    let first = CoinToss(flips: [.heads], at: noon)
    let second = CoinToss(flips: [.tails, .tails], at: noon.addingTimeInterval(1))

    @Test func recordingATossAppendsOnlyThatToss() throws {
        let history = CoinHistory(tosses: [first])
        let recorded = try history.alter(.record(second))
        #expect(recorded.tosses == [first, second])
        #expect(history.tosses == [first])
    }

    @Test func clearingEmptiesTheHistory() throws {
        let history = CoinHistory(tosses: [first, second])
        #expect(try history.alter(.clear).tosses.isEmpty)
    }

    @Test func theOldestTossGoesWhenTheHistoryIsFull() throws {
        let full = CoinHistory(tosses: Array(repeating: first, count: CoinHistory.limit))
        let recorded = try full.alter(.record(second))
        #expect(recorded.tosses.count == CoinHistory.limit)
        #expect(recorded.tosses.last == second)
        #expect(recorded.tosses.dropLast().allSatisfy { $0 == first })
    }
}
