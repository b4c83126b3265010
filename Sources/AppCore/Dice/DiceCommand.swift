/// What the dice feature is asked to do.
public enum DiceCommand: Codable, Equatable, Sendable {
    /// Rolls each expression on the line `times` times (each an `Nx` expression rolls N results).
    /// A d20 showing `criticalFrom` or more is a critical; without it, only a 20.
    case roll(expression: String, times: Int, criticalFrom: Int? = nil)
    /// Rolls the expression `times` times and counts how often each total came up.
    case tally(expression: String, times: Int)
    case weigh(expression: String)
    case showHistory
    case clearHistory
}
