/// What the dice feature understands, and what it answers.
public enum DiceMessage: Codable, Equatable, Sendable {
    // Commands
    /// Rolls the expression `times` times (each an `Nx` expression rolls N results).
    case roll(expression: String, times: Int)
    case weigh(expression: String)
    case showHistory
    case clearHistory

    // Answers
    case rolled(roll: DiceRoll)
    case weighed(statistics: DiceStatistics)
    case history(rolls: [DiceRoll])
    case historyCleared
    case failed(reason: DiceFailure)
}
