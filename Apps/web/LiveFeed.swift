import Synchronization

/// Tells every live page that the store changed: the store calls `changed` after each change,
/// made here or by any other program, and each open page's stream hears it. A class, because the
/// store and every page share the one list of who listens.
final class LiveFeed: Sendable {
    private struct Listeners {
        var next = 0
        var each: [Int: AsyncStream<Int>.Continuation] = [:]
        /// How many changes have been seen: what a page is told, so it can tell one from the next.
        var version = 0
    }

    private let listeners = Mutex(Listeners())

    /// A stream of change numbers for one page, or none where `WebLimits.liveViewers` already
    /// listen. Only the newest change waits while a page is slow: one is all it needs to ask again.
    func listen() -> AsyncStream<Int>? {
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key: Int? = listeners.withLock { listeners in
            guard listeners.each.count < WebLimits.liveViewers else { return nil }
            defer { listeners.next += 1 }
            listeners.each[listeners.next] = continuation
            return listeners.next
        }
        guard let key else { return nil }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.each.removeValue(forKey: key) }
        }
        return stream
    }

    func changed() {
        listeners.withLock { listeners in
            listeners.version += 1
            for continuation in listeners.each.values { continuation.yield(listeners.version) }
        }
    }

    /// The number of the newest change seen.
    var version: Int { listeners.withLock { $0.version } }

    /// Tells every page the newest number again, changed or not: a page asks again only for a
    /// number it has not seen, and the connection carries something now and then.
    func beat() {
        listeners.withLock { listeners in
            for continuation in listeners.each.values { continuation.yield(listeners.version) }
        }
    }
}
