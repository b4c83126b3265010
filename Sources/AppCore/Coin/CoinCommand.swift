/// What the coin feature is asked to do.
public enum CoinCommand: Codable, Equatable, Sendable {
    case flip(count: Int)
    case flipUntil(sequence: String, times: Int)
    case showHistory
    case clearHistory
}
