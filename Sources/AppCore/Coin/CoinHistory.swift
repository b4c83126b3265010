import Collections
import Fractal

/// The coin tosses kept in the state, oldest first, at most `limit` of them.
public struct CoinHistory: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case record(CoinToss)
        case clear
    }

    /// How many tosses are kept; the oldest go first.
    public static let limit = 1_000

    /// A deque, so that dropping the oldest when full costs O(1), not a shift of the whole history.
    public private(set) var tosses: Deque<CoinToss>

    public init(tosses: [CoinToss] = []) {
        self.tosses = Deque(tosses.suffix(Self.limit))
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .record(let toss):
            if tosses.count == Self.limit { tosses.removeFirst() }
            tosses.append(toss)
        case .clear:
            tosses.removeAll()
        }
    }
}
