import Synchronization

/// A slice as a store kept it: its bytes in the store's binary form, and the changes replayed to
/// it since, waiting to be read (see `Slice`).
///
/// A class, because what it holds is read once and shared: every copy of a state that holds the
/// slice reads the same bytes, and the first read keeps the value for the others. A slice only
/// takes a replayed change into a box no other copy holds (`Slice.replay` makes its own first),
/// so to each copy what it holds never changes.
@usableFromInline
final class StoredSlice<Part: Changeable>: Sendable {
    /// The whole record the slice was read from, not copied out.
    let bytes: [UInt8]
    let range: Range<Int>
    private let contents: Mutex<Contents>

    private struct Contents {
        /// The changes replayed since the bytes were kept, oldest first.
        var replayed: [Part.Change] = []
        /// The slice, once read.
        var read: Part?
    }

    init(bytes: [UInt8], range: Range<Int>) {
        (self.bytes, self.range) = (bytes, range)
        contents = Mutex(Contents())
    }

    private init(bytes: [UInt8], range: Range<Int>, replayed: [Part.Change]) {
        (self.bytes, self.range) = (bytes, range)
        contents = Mutex(Contents(replayed: replayed))
    }

    /// Whether the slice has been read: a change is then applied at once, not kept waiting.
    var isRead: Bool { contents.withLock { $0.read != nil } }

    /// Whether the slice is still its bytes, with no change replayed to it.
    var isAsKept: Bool { contents.withLock { $0.replayed.isEmpty && $0.read == nil } }

    /// Another box of the same slice, for a copy of the state to take changes into.
    func copy() -> StoredSlice {
        StoredSlice(bytes: bytes, range: range, replayed: contents.withLock { $0.replayed })
    }

    /// Keeps a change to apply when the slice is read; only on a box that no other copy holds.
    func replay(_ change: Part.Change) {
        contents.withLock { $0.replayed.append(change) }
    }

    /// The slice: its bytes decoded, then the replayed changes applied, oldest first; done once.
    func read() throws -> Part {
        let (read, replayed) = contents.withLock { ($0.read, $0.replayed) }
        if let read { return read }
        var part: Part
        do {
            part = try BinaryDecoder.decode(Part.self, from: bytes, in: range)
        } catch {
            throw UnreadableSlice(
                reason: "a record does not hold what this program wrote (\(StoreError.oneLine(error)))")
        }
        do {
            for change in replayed { try part.apply(change) }
        } catch {
            throw UnreadableSlice(reason: "a kept change no longer applies (\(StoreError.oneLine(error)))")
        }
        contents.withLock { $0.read = part }
        return part
    }

    /// The slice, for the getter that cannot throw. A slice that cannot be read here was not
    /// loaded through `Slice.load()` first, which would have said what is wrong.
    @usableFromInline
    func readOrStop() -> Part {
        do {
            return try read()
        } catch {
            fatalError("the stored \(Part.self) cannot be read: \(error)")
        }
    }
}
