/// What the dice feature answers.
public enum DiceAnswer: Codable, Equatable, Sendable {
    case rolled(roll: DiceRoll)
    case weighed(statistics: DiceStatistics)
    case history(rolls: [DiceRoll])
    case historyCleared
    case failed(reason: DiceFailure)
}
