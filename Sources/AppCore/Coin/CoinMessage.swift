/// What the coin feature understands, and what it answers.
public enum CoinMessage: Codable, Equatable, Sendable {
    // Commands
    case flip(count: Int)
    case showHistory
    case clearHistory

    // Answers
    case flipped(toss: CoinToss)
    case history(tosses: [CoinToss])
    case historyCleared
    case failed(reason: CoinFailure)
}
