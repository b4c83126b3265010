import Synchronization

/// A count that many tasks may bump at once; a class because the tasks share it.
final class Counter: Sendable {
    private let value = Mutex(0)

    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
