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

/// A feature's answer that may say its command failed, in the feature's own words.
protocol FailedAnswer {
    associatedtype Failure: StoreFailureWords
    static func failed(reason: Failure) -> Self
}

extension TodoAnswer: FailedAnswer {}
extension TodoContextAnswer: FailedAnswer {}

/// Runs a use case's work and answers with what it returns, or with why it failed: a failure of
/// the feature as it is, a store that could not read what it holds as unreadable, and anything
/// else as a change not kept.
func answering<Answer: FailedAnswer>(_ output: Output<Answer>, _ work: () throws -> Answer) {
    do {
        output(try work())
    } catch let failure as Answer.Failure {
        output(.failed(reason: failure))
    } catch StoreError.unreadable(_, let reason) {
        output(.failed(reason: .unreadable(reason: reason)))
    } catch let unreadable as UnreadableSlice {
        output(.failed(reason: .unreadable(reason: unreadable.reason)))
    } catch {
        output(.failed(reason: .notStored(reason: "\(error)")))
    }
}
