/// One piece of work a feature asks for: a request in, responses out.
///
/// A use case is built with what it needs (a store, a random source, a clock) and a `respond`
/// function; `request(_:)` does the work and answers through `respond`.
public protocol UseCase {
    associatedtype Request
    associatedtype Response

    func request(_ request: Request)
}
