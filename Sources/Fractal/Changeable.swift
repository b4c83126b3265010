/// A value that changes only through values of its own `Change` type.
///
/// The public face is `alter(_:)`, which returns a new value and leaves the old one as it was.
/// `apply(_:)` is the same step done in place; a store uses it so that a change to a state it
/// alone references reuses that state's storage instead of copying it.
public protocol Changeable: Codable, Equatable, Sendable {
    associatedtype Change: Codable, Equatable, Sendable

    /// Applies one change in place. A change that does not apply throws and leaves `self` as it was.
    mutating func apply(_ change: Change) throws

    /// Applies a change a store kept, as the store reads it back. Such a change applied once
    /// already, to the same state, so a state that reads its parts only when first used may keep
    /// it until then (see `Slice`). By default, `apply`.
    mutating func replay(_ change: Change) throws

    /// Whether `change` applies to every value of this type and reads nothing of it, as adding an
    /// entry at the end of a history does: made to a part a store has not read yet, such a change
    /// waits for the read (see `Slice.apply`). By default, no change is.
    static func appliesUnread(_ change: Change) -> Bool
}

extension Changeable {
    @inlinable
    public mutating func replay(_ change: Change) throws {
        try apply(change)
    }

    @inlinable
    public static func appliesUnread(_ change: Change) -> Bool { false }

    /// Replays a batch a store kept: all the changes or none of them, as `apply` does.
    @inlinable
    public mutating func replay(_ changes: [Change]) throws {
        try allOrNone(changes) { try $0.replay($1) }
    }

    /// A new value with the changes applied in order; `self` is left as it was.
    @inlinable
    public func alter(_ changes: Change...) throws -> Self {
        try alter(changes)
    }

    /// A new value with the changes applied in order; `self` is left as it was.
    @inlinable
    public func alter(_ changes: [Change]) throws -> Self {
        var altered = self
        try altered.apply(changes)
        return altered
    }

    /// Applies all the changes or none of them.
    ///
    /// A single change is applied in place. Several are applied to a draft, because a later one
    /// may fail after earlier ones took effect; the draft costs one copy of the state per batch.
    @inlinable
    public mutating func apply(_ changes: [Change]) throws {
        try allOrNone(changes) { try $0.apply($1) }
    }

    /// Takes each change by `step`, all of them or none.
    @inlinable
    mutating func allOrNone(_ changes: [Change], _ step: (inout Self, Change) throws -> Void) throws {
        guard changes.count > 1 else {
            if let change = changes.first { try step(&self, change) }
            return
        }
        var draft = self
        for change in changes { try step(&draft, change) }
        self = draft
    }
}
