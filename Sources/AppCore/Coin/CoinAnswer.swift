/// What the coin feature answers.
public enum CoinAnswer: Codable, Equatable, Sendable {
    case flipped(toss: CoinToss)
    case sequenceFound(search: SequenceSearch)
    case history(tosses: [CoinToss])
    case historyCleared
    case failed(reason: CoinFailure)
}
