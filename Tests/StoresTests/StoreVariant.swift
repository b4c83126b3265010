import Fractal
import StoreTestSupport
import Stores
import Testing

/// Every store variant, so that one specification runs against each of them.
enum StoreVariant: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case disk
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The variants this machine can test: PostgreSQL only where `APPCORE_TEST_POSTGRES` names a
    /// server (see `DurableVariant.available`).
    static var available: [StoreVariant] {
        [.memory] + DurableVariant.available.compactMap { StoreVariant(rawValue: $0.rawValue) }
    }

    /// The variant as a durable one, or nil for the memory store.
    var durable: DurableVariant? { DurableVariant(rawValue: rawValue) }

    /// A new store of this variant, kept (where it keeps anything) in `folder`.
    func make<State: StoredState>(initial: State, in folder: TemporaryFolder) throws -> Store<State> {
        guard let durable else { return createMemoryStore(initial: initial) }
        return try durable.open(at: folder.path("store"), initial: initial)
    }
}
