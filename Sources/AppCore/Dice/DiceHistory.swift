/// The rolls kept in the state, oldest first, at most `limit` of them, each with its totals only.
public struct DiceHistory: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case record(DiceRoll)
        case clear
    }

    /// How many rolls are kept; the oldest go first.
    public static let limit = 1_000

    public private(set) var rolls: [DiceRoll]

    public init(rolls: [DiceRoll] = []) {
        self.rolls = rolls.suffix(Self.limit)
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
