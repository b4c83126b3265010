import Fractal
import Stores

/// A feature's failure that has words of its own for a store that could not read what it holds
/// and for a change it did not keep: each feature says them, the one `keep` below finds which.
protocol StoreFailureWords: Error {
    static func unreadable(reason: String) -> Self
    static func notStored(reason: String) -> Self
}

extension TodoFailure: StoreFailureWords {}
extension TodoContextFailure: StoreFailureWords {}

/// Keeps `change` in `store`; a failure the state itself threw passes as it is, and one of the
/// store is said in the feature's own words.
func keep<State, Failure: StoreFailureWords>(
    _ change: State.Change, in store: Store<State>, failing: Failure.Type
) throws(Failure) {
    do {
        try store.change(change)
    } catch let failure as Failure {
        throw failure
    } catch StoreError.unreadable(_, let reason) {
        throw .unreadable(reason: reason)
    } catch let unreadable as UnreadableSlice {
        throw .unreadable(reason: unreadable.reason)
    } catch {
        throw .notStored(reason: "\(error)")
    }
}
