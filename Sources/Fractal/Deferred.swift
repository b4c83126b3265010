/// A part of a state that is read only when it is first used, as `Slice` reads a feature's
/// state: read from a store, it keeps where it came from (`UnreadSource`), and the edits made to it
/// before it is read wait until then. A feature's history, say, which most commands add to and few
/// read: adding to it does not read it.
///
/// To the code that reads it, it is the value either way. A part nobody edited is written back
/// by a store as it came (`unchangedSource`).
public struct Deferred<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value, unless it is still waiting in `stored`.
    @usableFromInline var part: Value
    /// The value as the store kept it, not read yet; nil once it is read in place or set.
    @usableFromInline var stored: Unread<Value>?

    @inlinable
    public init(_ value: Value) {
        part = value
        stored = nil
    }

    /// A value not read yet: `source` reads it when it is first used; `empty` stands in until then.
    public init(empty: Value, source: some UnreadSource<Value>) {
        part = empty
        stored = Unread(source)
    }

    /// The value. One that cannot be read stops the program, as it must not be mistaken for
    /// another: read through `load()` first where that can be said instead.
    @inlinable
    public var value: Value {
        get {
            guard let stored else { return part }
            return stored.readOrStop()
        }
        set {
            part = newValue
            stored = nil
        }
        _modify {
            if stored != nil { takeStored() }
            yield &part
        }
    }

    /// Reads the stored value into `part`, out of line: kept out of the `_modify` coroutine, whose
    /// frame would otherwise hold a whole value and be allocated on every access.
    @usableFromInline
    mutating func takeStored() {
        guard let waiting = stored else { return }
        part = waiting.readOrStop()
        stored = nil
    }

    /// Reads the stored value into `part`, to change it in place; throws `UnreadableSlice`,
    /// leaving it as it was, when it cannot be read.
    @usableFromInline
    mutating func readStored() throws {
        guard let waiting = stored else { return }
        part = try waiting.read()
        stored = nil
    }

    /// The value, read from the store's bytes if it was not yet; throws if they cannot be read.
    public func load() throws -> Value {
        guard let stored else { return part }
        return try stored.read()
    }

    /// Edits the value, or, if it was not read yet, keeps the edit until it is. An edit is a value
    /// of its own type, not a closure, so that editing a value already read allocates nothing.
    @inlinable
    public mutating func edit(_ edit: some DeferredEdit<Value>) {
        if stored != nil {
            if keep(edit) { return }
            takeStored()
        }
        edit.apply(to: &part)
    }

    /// Keeps `step` waiting for the read, if the value was not read yet; false when it was read.
    /// A step that throws makes the read throw: `UnreadableSlice` as it is, any other error as a
    /// kept change that no longer applies.
    @inlinable
    public mutating func keep(step: @escaping @Sendable (inout Value) throws -> Void) -> Bool {
        stored.wait(for: step)
    }

    /// Whether the value is still waiting in the store, not read: a step kept now waits for the read.
    public var isUnread: Bool {
        guard let stored else { return false }
        return !stored.isRead
    }

    /// Keeps `edit` waiting for the read, if the value was not read yet.
    @inlinable
    mutating func keep(_ edit: some DeferredEdit<Value>) -> Bool {
        stored.wait { edit.apply(to: &$0) }
    }

    /// Where it is read from, while that is still all of it: nothing read, nothing edited. A pass
    /// over many parts looks through such a part's bytes without reading it into its value.
    public var unreadSource: (any UnreadSource<Value>)? {
        guard let stored, stored.isAsStored else { return nil }
        return stored.source
    }

    /// Whether it is still only where it was read from: nothing read, nothing edited.
    public var isAsStored: Bool { stored?.isAsStored ?? false }

    /// Where it came from, while it is still what came from there: read or not, nothing edited. A
    /// store writes such a part back as it came, where the part was read, too, without writing
    /// it anew.
    public var unchangedSource: (any UnreadSource<Value>)? {
        guard let stored, stored.isUnchanged else { return nil }
        return stored.source
    }

    public static func == (lhs: Deferred, rhs: Deferred) -> Bool {
        if let left = lhs.stored, let right = rhs.stored, left === right { return true }
        guard let left = try? lhs.load(), let right = try? rhs.load() else { return false }
        return left == right
    }
}

/// An edit of a `Deferred` part: taken at once when the part was read, else kept until it is.
public protocol DeferredEdit<Value>: Sendable {
    associatedtype Value
    func apply(to value: inout Value)
}
