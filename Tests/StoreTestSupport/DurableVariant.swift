import Fractal

/// The store variants that keep their data in a file.
public enum DurableVariant: String, CaseIterable, Sendable {
    case disk
    case sqlite

    public func open<State: Changeable>(
        at path: String, initial: State, warn: @escaping StoreWarning = warnOnStandardError
    ) throws -> Store<State> {
        switch self {
        case .disk: try createDiskStore(at: path, initial: initial, warn: warn)
        case .sqlite: try createSQLiteStore(at: path, initial: initial, warn: warn)
        }
    }
}
