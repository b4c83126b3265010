/// A part's view of a bigger store: its slice of the state, and its changes as changes of the whole.
///
/// A feature is built on a store of its own state alone, so that it can be built and specified on
/// its own memory store; in the AppCore the same feature gets this view of the one store instead.
/// The view keeps nothing of its own: it reads through to the whole and hands its changes on,
/// embedded, so they are kept, ordered and observed with every other part's. Resetting or
/// destroying the view resets or destroys the whole store, since the parts share one life.
@inlinable
public func scope<Whole: Changeable, Part: Changeable>(
    _ store: Store<Whole>,
    to part: @escaping @Sendable (Whole) -> Part,
    change embed: @escaping @Sendable (Part.Change) -> Whole.Change
) -> Store<Part> {
    (
        state: { part(store.state()) },
        change: { changes in try store.change(changes.map(embed)) },
        reset: store.reset,
        updated: store.updated,
        destroy: store.destroy
    )
}
