import Collections
import Fractal

/// The rolls kept in the state, oldest first, at most `limit` of them, each with its totals only.
public struct DiceHistory: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case record(DiceRoll)
        case clear
    }

    /// How many rolls are kept; the oldest go first.
    public static let limit = 1_000

    /// A deque, so that dropping the oldest when full costs O(1), not a shift of the whole history.
    public private(set) var rolls: Deque<DiceRoll>

    public init(rolls: [DiceRoll] = []) {
        self.rolls = Deque(rolls.suffix(Self.limit))
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .record(let roll):
            if rolls.count == Self.limit { rolls.removeFirst() }
            rolls.append(roll)
        case .clear:
            rolls.removeAll()
        }
    }
}
