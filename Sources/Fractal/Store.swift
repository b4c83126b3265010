/// The one place where anything mutates: a tuple of closures around one piece of locked state.
///
/// Every variant (memory, disk, SQLite) behaves the same; the durable ones also keep each change
/// before `change` returns.
public typealias Store<State: Changeable> = (
    /// The current value. Throws `UnreadableSlice` where a part of it, read when first used,
    /// cannot be read (see `Slice`); a store that could not catch up with other writers gives
    /// the value it read last.
    state: @Sendable () throws -> State,
    /// Applies one change, keeps it, then tells every observer. A change that does not apply
    /// throws and leaves the state as it was. Several steps that must be kept together are one
    /// change of the state's own vocabulary (a to-do batch, say), so a change is one value and its
    /// path allocates nothing.
    change: @Sendable (State.Change) throws -> Void,
    /// Goes back to the initial value.
    reset: @Sendable () throws -> Void,
    /// Registers an observer, told after every change and every reset.
    updated: @Sendable (@escaping @Sendable () -> Void) -> Void,
    /// Removes whatever the store keeps.
    destroy: @Sendable () throws -> Void
)
