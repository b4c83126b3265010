import AppCore
import Stores
import Synchronization

/// Whether this run of the program has kept a change in its store, noted as the store returns
/// from it: what an error says was kept when the answer cannot be written. One for the whole
/// process, as standard output is. (A command may keep several changes, such as
/// `coin history --clear`; to its user it made one.)
enum KeptChanges {
    private static let kept = Mutex(false)
    private static let unknown = Mutex<StoreError?>(nil)

    static var any: Bool { kept.withLock { $0 } }

    /// The change whose reply was lost, or that went to a store file replaced meanwhile, so that
    /// nobody can tell whether the store holds it: what the program says instead of the feature's
    /// "not kept", which would have it made again.
    static var outcomeUnknown: StoreError? { unknown.withLock { $0 } }

    /// `store`, noting each change and reset it keeps.
    static func noting(_ store: Store<AppState>) -> Store<AppState> {
        (
            state: store.state,
            change: { change in
                do {
                    try store.change(change)
                } catch let error as StoreError {
                    switch error {
                    case .outcomeUnknown, .replaced: unknown.withLock { $0 = error }
                    default: break
                    }
                    throw error
                }
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
