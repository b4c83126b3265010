/// What the 8-Ball feature is asked to do.
public enum EightBallCommand: Codable, Equatable, Sendable {
    case ask(question: String)
    case showHistory
    case clearHistory
}
