import AppCore
import Synchronization

/// How many changes this run of the program has kept in its store, counted as the store returns
/// from each: what an error says was kept when the answer cannot be written. A count for the
/// whole process, as standard output is one for the whole process.
enum KeptChanges {
    private static let kept = Mutex(0)

    static var count: Int { kept.withLock { $0 } }

    /// `store`, counting each change and reset it keeps.
    static func counting(_ store: Store<AppState>) -> Store<AppState> {
        (
            state: store.state,
            change: { change in
                try store.change(change)
                kept.withLock { $0 += 1 }
            },
            reset: {
                try store.reset()
                kept.withLock { $0 += 1 }
            },
            updated: store.updated,
            destroy: store.destroy
        )
    }
}
