/// A store that keeps its state in memory only.
///
/// A change to a state that nobody else holds is applied in place, without copying it.
/// Inlinable, so that each program's store is specialized for its state: the hot path then pays
/// no generic dispatch.
@inlinable
public func createMemoryStore<State: Changeable>(initial: State) -> Store<State> {
    let shared = Locked(MemoryStoreContents(state: initial))
    let notify: @Sendable ([@Sendable () -> Void]?) -> Void = { observers in
        for observer in observers ?? [] { observer() }
    }
    return (
        state: { shared.withLock { $0.state } },
        change: { change in
            let observers = try shared.withLock { contents in
                try contents.state.apply(change)
                return contents.toTell
            }
            notify(observers)
        },
        reset: {
            let observers = shared.withLock { contents in
                contents.state = initial
                return contents.toTell
            }
            notify(observers)
        },
        updated: { observer in shared.withLock { $0.observers.append(observer) } },
        destroy: { shared.withLock { $0.state = initial } }
    )
}

@usableFromInline
struct MemoryStoreContents<State: Changeable>: Sendable {
    @usableFromInline var state: State
    @usableFromInline var observers: [@Sendable () -> Void] = []

    @inlinable
    init(state: State) {
        self.state = state
    }

    /// The observers, or nil when there are none: what nearly every change finds, and then the
    /// list is not retained and released around the telling.
    @inlinable
    var toTell: [@Sendable () -> Void]? { observers.isEmpty ? nil : observers }
}
