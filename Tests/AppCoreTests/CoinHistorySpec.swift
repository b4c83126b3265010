import AppCore
import Testing

@Suite("Coin history")
struct CoinHistorySpec {
    let first = CoinToss(flips: [.heads], at: noon)
    let second = CoinToss(flips: [.tails, .tails], at: noon.addingTimeInterval(1))

    @Test func recordingATossAppendsOnlyThatToss() throws {
        let history = CoinHistory([first])
        let recorded = try history.alter(.record(second))
        #expect(recorded.entries == [first, second])
        #expect(history.entries == [first])
    }

    @Test func clearingEmptiesTheHistory() throws {
        let history = CoinHistory([first, second])
        #expect(try history.alter(.clear).entries.isEmpty)
    }

    @Test func theOldestTossGoesWhenTheHistoryIsFull() throws {
        let full = CoinHistory(Array(repeating: first, count: CoinHistory.limit))
        let recorded = try full.alter(.record(second))
        #expect(recorded.entries.count == CoinHistory.limit)
        #expect(recorded.entries.last == second)
        #expect(recorded.entries.dropLast().allSatisfy { $0 == first })
    }
}
