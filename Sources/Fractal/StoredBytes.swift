import Synchronization

/// A value as a store kept it: its bytes in the store's binary form, and the steps taken to it
/// since, waiting for it to be read (see `Slice` and `Deferred`).
///
/// A class, because what it holds is read once and shared: every copy of a state that holds the
/// value reads the same bytes, and the first read keeps the value for the others. A step is only
/// added to a box no other copy holds (the value types that hold one make their own first), so
/// to each copy what it holds never changes.
@usableFromInline
final class StoredBytes<Value: Sendable>: Sendable {
    private let origin: Origin
    private let decode: @Sendable ([UInt8], Range<Int>) throws -> Value
    private let contents: Mutex<Contents>

    private struct Contents {
        /// The steps taken since the bytes were kept, oldest first.
        var waiting: [@Sendable (inout Value) throws -> Void] = []
        /// The value, once read.
        var read: Value?
    }

    /// Where the value's bytes are.
    enum Origin: Sendable {
        /// At `range` of the whole record the value was read from, not copied out.
        case record([UInt8], Range<Int>)
        /// Still in the store, all of them the value's, read when first needed.
        case pending(PendingBytes)

        func bytes() throws -> ([UInt8], Range<Int>) {
            switch self {
            case .record(let bytes, let range): return (bytes, range)
            case .pending(let pending):
                let bytes = try pending.bytes()
                return (bytes, bytes.indices)
            }
        }
    }

    init(
        _ origin: Origin, decode: @escaping @Sendable ([UInt8], Range<Int>) throws -> Value,
        waiting: [@Sendable (inout Value) throws -> Void] = []
    ) {
        (self.origin, self.decode) = (origin, decode)
        contents = Mutex(Contents(waiting: waiting))
    }

    /// Whether the value has been read: a step is then taken at once, not kept waiting.
    var isRead: Bool { contents.withLock { $0.read != nil } }

    /// Whether the bytes are still all of the value: nothing read, no step waiting.
    var isAsStored: Bool { contents.withLock { $0.waiting.isEmpty && $0.read == nil } }

    /// The bytes, while they are still all of the value; read from the store if they were left
    /// there, which throws `UnreadableSlice` when they can no longer be.
    func keptBytes() throws -> ArraySlice<UInt8>? {
        guard isAsStored else { return nil }
        let (bytes, range) = try origin.bytes()
        return bytes[range]
    }

    /// Another box of the same value, for a copy of the state to take steps into.
    func copy() -> StoredBytes {
        StoredBytes(origin, decode: decode, waiting: contents.withLock { $0.waiting })
    }

    /// Keeps a step to take when the value is read; only on a box that no other copy holds.
    func wait(for step: @escaping @Sendable (inout Value) throws -> Void) {
        contents.withLock { $0.waiting.append(step) }
    }

    /// The value: its bytes decoded, then the waiting steps taken, oldest first; done once.
    func read() throws -> Value {
        let (read, waiting) = contents.withLock { ($0.read, $0.waiting) }
        if let read { return read }
        var value: Value
        let (bytes, range) = try origin.bytes()
        do {
            value = try decode(bytes, range)
        } catch {
            throw UnreadableSlice(
                reason: "a record does not hold what this program wrote (\(StoreError.oneLine(error)))")
        }
        do {
            for step in waiting { try step(&value) }
        } catch let unreadable as UnreadableSlice {
            // A step that reads a part of the value kept apart, such as a page, which cannot be read.
            throw unreadable
        } catch {
            throw UnreadableSlice(reason: "a kept change no longer applies (\(StoreError.oneLine(error)))")
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
    mutating func wait<Value>(for step: @escaping @Sendable (inout Value) throws -> Void) -> Bool
    where Wrapped == StoredBytes<Value> {
        guard var box = self, !box.isRead else { return false }
        self = nil  // so that `box` is the only reference, unless a copy holds one too
        if !isKnownUniquelyReferenced(&box) { box = box.copy() }
        box.wait(for: step)
        self = box
        return true
    }
}
