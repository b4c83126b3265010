import AppCore
import Stores

/// The smallest state a store can keep: what the store benchmarks change.
struct Counter: StoredState {
    enum Change: Codable, Equatable, Sendable {
        case add(Int)
        /// Many steps kept as one change, as a to-do import keeps its thousands of edits.
        case addEach([Int])
    }

    private(set) var value = 0

    mutating func apply(_ change: Change) {
        switch change {
        case .add(let amount): value &+= amount
        case .addEach(let amounts): for amount in amounts { value &+= amount }
        }
    }
}

/// The floor every figure is read against: a plain `switch` reducer on a plain struct.
struct PlainState {
    enum Action {
        case increment
        case toggle
    }

    var count = 0
    var flag = false

    mutating func reduce(_ action: Action) {
        switch action {
        case .increment: count &+= 1
        case .toggle: flag.toggle()
        }
    }
}
