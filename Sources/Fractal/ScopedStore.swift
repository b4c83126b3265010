/// A part's view of a bigger store: its slice of the state, and its changes as changes of the whole.
///
/// A feature is built on a store of its own state alone, so that it can be built and specified on
/// its own memory store; in the AppCore the same feature gets this view of the one store instead.
/// The view keeps nothing of its own: it reads through to the whole and hands its changes on,
/// embedded, so they are kept, ordered and observed with every other part's. It cannot reset or
/// destroy: those act on the whole store, every part's data with it, which is not a part's to do,
/// so the view refuses them (`StoreViewError`) and leaves the store as it was.
@inlinable
public func scope<Whole: Changeable, Part: Changeable>(
    _ store: Store<Whole>,
    to part: @escaping @Sendable (Whole) throws -> Part,
    change embed: @escaping @Sendable (Part.Change) -> Whole.Change
) -> Store<Part> {
    (
        state: { try part(store.state()) },
        change: { change in try store.change(embed(change)) },
        reset: { throw StoreViewError.wholeStoreOnly(operation: "reset") },
        updated: store.updated,
        destroy: { throw StoreViewError.wholeStoreOnly(operation: "destroy") }
    )
}

/// What a part's view of a store refuses to do.
public enum StoreViewError: Error, Equatable, CustomStringConvertible {
    /// Resetting or destroying acts on the whole store, every part's data with it.
    case wholeStoreOnly(operation: String)

    public var description: String {
        switch self {
        case .wholeStoreOnly(let operation):
            "a part's view of a store cannot \(operation) it: that is the whole store's, every part's data with it"
        }
    }
}
