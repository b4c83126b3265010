/// The one place where anything mutates: a tuple of closures around one piece of locked state.
///
/// Every variant (memory, disk, SQLite) behaves the same; the durable ones also keep each change
/// before `change` returns.
public typealias Store<State: Changeable> = (
    /// The current value.
    state: @Sendable () -> State,
    /// Applies the changes, all or none, keeps them, then tells every observer.
    change: @Sendable ([State.Change]) throws -> Void,
    /// `change` of one change, without the array: what nearly every message sends, so that its
    /// path allocates nothing. Behaves exactly as `change([change])`.
    changeOne: @Sendable (State.Change) throws -> Void,
    /// Goes back to the initial value.
    reset: @Sendable () throws -> Void,
    /// Registers an observer, told after every change and every reset.
    updated: @Sendable (@escaping @Sendable () -> Void) -> Void,
    /// Removes whatever the store keeps.
    destroy: @Sendable () throws -> Void
)
