import Fractal
import Testing

/// Every store variant, so that one specification runs against each of them.
enum StoreVariant: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory

    var testDescription: String { rawValue }

    func make<State: Changeable>(initial: State) throws -> Store<State> {
        switch self {
        case .memory: createMemoryStore(initial: initial)
        }
    }
}
