/// What the 8-Ball feature understands, and what it answers.
public enum EightBallMessage: Codable, Equatable, Sendable {
    // Commands
    case ask(question: String)
    case showHistory
    case clearHistory

    // Answers
    case answered(answer: EightBallAnswer)
    case history(answers: [EightBallAnswer])
    case historyCleared
    case failed(reason: EightBallFailure)
}
