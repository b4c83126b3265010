import Fractal
import Stores

/// A small state for store specifications: named counters, and a change that always fails.
struct Tally: StoredState {
    enum Change: Codable, Equatable, Sendable {
        case add(String, Int)
        case refuse
    }

    struct Refused: Error {}

    private(set) var counts: [String: Int]

    init(counts: [String: Int] = [:]) {
        self.counts = counts
    }

    mutating func apply(_ change: Change) throws {
        switch change {
        case .add(let name, let amount): counts[name, default: 0] += amount
        case .refuse: throw Refused()
        }
    }

    var total: Int { counts.values.reduce(0, +) }
}
