import Synchronization

/// A count that many tasks may bump at once; a class because the tasks share it.
public final class Counter: Sendable {
    private let value = Mutex(0)

    public init() {}

    public func increment() { value.withLock { $0 += 1 } }
    public var count: Int { value.withLock { $0 } }
}
