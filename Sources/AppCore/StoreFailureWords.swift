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
extension CoinFailure: StoreFailureWords {}
extension DiceFailure: StoreFailureWords {}
extension DeckFailure: StoreFailureWords {}
extension EightBallFailure: StoreFailureWords {}

extension StoreFailureWords {
    /// `error` in the feature's words: a failure of its own as it is, a store that could not read
    /// what it holds as unreadable, anything else as a change not kept.
    static func said(_ error: any Error) -> Self {
        switch error {
        case let failure as Self: failure
        case StoreError.unreadable(_, let reason): .unreadable(reason: reason)
        case let unreadable as UnreadableSlice: .unreadable(reason: unreadable.reason)
        default: .notStored(reason: "\(error)")
        }
    }
}

/// Keeps `change` in `store`; a failure the state itself threw passes as it is, and one of the
/// store is said in the feature's own words.
func keep<State, Failure: StoreFailureWords>(
    _ change: State.Change, in store: Store<State>, failing: Failure.Type
) throws(Failure) {
    do {
        try store.change(change)
    } catch {
        throw .said(error)
    }
}

/// A feature's answer that may say its command failed, in the feature's own words.
protocol FailedAnswer {
    associatedtype Failure: StoreFailureWords
    static func failed(reason: Failure) -> Self
}

extension TodoAnswer: FailedAnswer {}
extension TodoContextAnswer: FailedAnswer {}
extension CoinAnswer: FailedAnswer {}
extension DiceAnswer: FailedAnswer {}
extension DeckAnswer: FailedAnswer {}
extension EightBallAnswer: FailedAnswer {}

/// Runs a use case's work and answers with what it returns, or with why it failed, in the
/// feature's words (`StoreFailureWords.said`).
func answering<Answer: FailedAnswer>(_ output: Output<Answer>, _ work: () throws -> Answer) {
    do {
        output(try work())
    } catch {
        output(.failed(reason: .said(error)))
    }
}
