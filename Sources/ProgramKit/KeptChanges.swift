import AppCore
import Synchronization

/// Whether this run of the program has kept a change in its store, noted as the store returns
/// from it: what an error says was kept when the answer cannot be written. One for the whole
/// process, as standard output is. (A command may keep several changes, such as
/// `coin history --clear`; to its user it made one.)
enum KeptChanges {
    private static let kept = Mutex(false)

    static var any: Bool { kept.withLock { $0 } }

    /// `store`, noting each change and reset it keeps.
    static func noting(_ store: Store<AppState>) -> Store<AppState> {
        (
            state: store.state,
            change: { change in
                try store.change(change)
                kept.withLock { $0 = true }
            },
            reset: {
                try store.reset()
                kept.withLock { $0 = true }
            },
            updated: store.updated,
            destroy: store.destroy
        )
    }
}
