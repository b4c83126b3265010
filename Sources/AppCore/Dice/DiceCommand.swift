/// What the dice feature is asked to do.
public enum DiceCommand: Codable, Equatable, Sendable {
    /// Rolls the expression `times` times (each an `Nx` expression rolls N results).
    case roll(expression: String, times: Int)
    /// Rolls the expression `times` times and counts how often each total came up.
    case tally(expression: String, times: Int)
    case weigh(expression: String)
    case showHistory
    case clearHistory
}
