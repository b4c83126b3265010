/// What the dice feature is asked to do.
public enum DiceCommand: Codable, Equatable, Sendable {
    /// Rolls the expression `times` times (each an `Nx` expression rolls N results).
    case roll(expression: String, times: Int)
    case weigh(expression: String)
    case showHistory
    case clearHistory
}
