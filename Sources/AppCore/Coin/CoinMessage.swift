/// What the coin feature understands, and what it answers.
public enum CoinMessage: Codable, Equatable, Sendable {
    // Commands
    case flip(count: Int)
    case flipUntil(sequence: String, times: Int)
    case showHistory
    case clearHistory

    // Answers
    case flipped(toss: CoinToss)
    case sequenceFound(search: SequenceSearch)
    case history(tosses: [CoinToss])
    case historyCleared
    case failed(reason: CoinFailure)
}
