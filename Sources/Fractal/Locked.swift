import Synchronization

/// A value guarded by a lock, shareable between the closures of a store.
///
/// A class, because sharing one mutable value between several closures is the point; `Mutex`
/// cannot be captured by an escaping closure on its own.
public final class Locked<Value>: Sendable {
    @usableFromInline let mutex: Mutex<Value>

    @inlinable
    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    @inlinable
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock(body)
    }
}
