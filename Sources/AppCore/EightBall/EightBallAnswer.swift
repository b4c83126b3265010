/// What the 8-Ball feature answers.
public enum EightBallAnswer: Codable, Equatable, Sendable {
    case answered(answer: EightBallReading)
    case history(answers: [EightBallReading])
    case historyCleared
    case failed(reason: EightBallFailure)
}
