import Fractal
import Stores

extension AppState {
    /// The steps that reshaped what the app stores, oldest first. A rename or a split of a stored
    /// field is one more step at the end, proven by a store written before it, kept as a fixture
    /// (see `Migration`, and `Tests/StoresTests/MigrationSpec.swift` for one at work). None yet:
    /// every slice and field added so far takes its fresh value in a store that lacks it.
    public static var migrations: [Migration] { [] }
}
