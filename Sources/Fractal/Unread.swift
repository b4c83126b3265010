import Synchronization

/// Where a part that is not read yet comes from, and how it is read: a store's bytes, say,
/// decoded when the part is first used. Throws `UnreadableSlice`, saying why, when it cannot be.
public protocol UnreadSource<Value>: Sendable {
    associatedtype Value
    func read() throws -> Value
}

/// A part not read yet: where it comes from, and the steps taken to it since, waiting for the read
/// (see `Deferred`).
///
/// A class, because what it holds is read once and shared: every copy of a state that holds the
/// part reads through the same box, and the first read keeps the value for the others. A step is
/// only added to a box no other copy holds (the value types that hold one make their own first),
/// so to each copy what it holds never changes.
///
/// What a change replayed to the part uses (`isRead`, `copy`, `wait`) is inlinable: specialized
/// where the part's type is known, it needs none of the generic types' metadata looked up at run
/// time, which cost every change replayed to it about 13,000 instructions.
@usableFromInline
final class Unread<Value: Sendable>: Sendable {
    @usableFromInline let source: any UnreadSource<Value>
    @usableFromInline let contents: Mutex<Contents>

    @usableFromInline
    struct Contents {
        /// The steps taken since the part was kept, oldest first.
        @usableFromInline var waiting: [@Sendable (inout Value) throws -> Void] = []
        /// The value, once read.
        @usableFromInline var read: Value?

        @inlinable
        init(waiting: [@Sendable (inout Value) throws -> Void]) {
            self.waiting = waiting
        }
    }

    @inlinable
    init(_ source: any UnreadSource<Value>, waiting: [@Sendable (inout Value) throws -> Void] = []) {
        self.source = source
        contents = Mutex(Contents(waiting: waiting))
    }

    /// Whether the value has been read: a step is then taken at once, not kept waiting.
    @inlinable
    var isRead: Bool { contents.withLock { $0.read != nil } }

    /// Whether the source is still all of the value: nothing read, no step waiting.
    var isAsStored: Bool { contents.withLock { $0.waiting.isEmpty && $0.read == nil } }

    /// Whether no step was taken since the part was kept: what its source holds, read or not.
    var isUnchanged: Bool { contents.withLock { $0.waiting.isEmpty } }

    /// Another box of the same part, for a copy of the state to take steps into.
    @inlinable
    func copy() -> Unread {
        Unread(source, waiting: contents.withLock { $0.waiting })
    }

    /// Keeps a step to take when the value is read; only on a box that no other copy holds.
    @inlinable
    func wait(for step: @escaping @Sendable (inout Value) throws -> Void) {
        contents.withLock { $0.waiting.append(step) }
    }

    /// The value: read from its source, then the waiting steps taken, oldest first; done once.
    func read() throws -> Value {
        let (read, waiting) = contents.withLock { ($0.read, $0.waiting) }
        if let read { return read }
        var value = try source.read()
        do {
            for step in waiting { try step(&value) }
        } catch let unreadable as UnreadableSlice {
            // A step that reads a part of the value kept apart, such as a page, which cannot be read.
            throw unreadable
        } catch {
            throw UnreadableSlice(reason: "a kept change no longer applies (\(UnreadableSlice.oneLine(error)))")
        }
        contents.withLock { $0.read = value }
        return value
    }

    /// The value, for a getter that cannot throw. A value that cannot be read here was not
    /// loaded first (`Slice.load()`, `Deferred.load()`), which would have said what is wrong.
    @usableFromInline
    func readOrStop() -> Value {
        do {
            return try read()
        } catch {
            fatalError("the stored \(Value.self) cannot be read: \(error)")
        }
    }
}

extension Optional {
    /// Keeps `step` waiting in the box, if there is one not read yet, first making a box of its
    /// own when a copy holds this one too; false when there is none to wait in.
    @inlinable
    mutating func wait<Value>(for step: @escaping @Sendable (inout Value) throws -> Void) -> Bool
    where Wrapped == Unread<Value> {
        guard var box = self, !box.isRead else { return false }
        self = nil  // so that `box` is the only reference, unless a copy holds one too
        if !isKnownUniquelyReferenced(&box) { box = box.copy() }
        box.wait(for: step)
        self = box
        return true
    }
}

/// A part of a stored state that cannot be read when it is first used (see `Slice`): its bytes
/// do not hold what this program wrote, or a change kept for it no longer applies.
public struct UnreadableSlice: Error, CustomStringConvertible {
    /// What is wrong, in words that can follow "cannot read the store …: ".
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }

    /// An error as one line, for a reason that quotes it.
    static func oneLine(_ error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
