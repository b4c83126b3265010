import Collections
import Fractal

/// The answers kept in the state, oldest first, at most `limit` of them.
public struct EightBallHistory: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case record(EightBallAnswer)
        case clear
    }

    /// How many answers are kept; the oldest go first.
    public static let limit = 1_000

    /// A deque, so that dropping the oldest when full costs O(1), not a shift of the whole history.
    public private(set) var answers: Deque<EightBallAnswer>

    public init(answers: [EightBallAnswer] = []) {
        self.answers = Deque(answers.suffix(Self.limit))
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .record(let answer):
            if answers.count == Self.limit { answers.removeFirst() }
            answers.append(answer)
        case .clear:
            answers.removeAll()
        }
    }
}
