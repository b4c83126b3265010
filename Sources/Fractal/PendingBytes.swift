import Synchronization

/// The bytes of a part of a record that a store left where they were when it read the record,
/// read from the store when the part is first used: a large slice of a snapshot, which most
/// commands never touch (see `SQLiteSnapshotRead`). Read once, then kept for every copy of the
/// state that holds the part.
///
/// A class, because the bytes are read once and shared: every copy of a state that holds the
/// part reads through the same box.
final class PendingBytes: Sendable {
    private let fetch: @Sendable () throws -> [UInt8]
    private let fetched: Mutex<[UInt8]?> = Mutex(nil)

    /// `fetch` reads the part's bytes from the store, or throws `UnreadableSlice` saying why it
    /// cannot (the store was rewritten since, or is gone).
    init(fetch: @escaping @Sendable () throws -> [UInt8]) {
        self.fetch = fetch
    }

    /// The part's bytes: read from the store the first time, kept since.
    func bytes() throws -> [UInt8] {
        if let kept = fetched.withLock({ $0 }) { return kept }
        let bytes = try fetch()
        fetched.withLock { $0 = bytes }
        return bytes
    }
}

/// The parts of a record left in the store as it was read, by where each starts in the record.
typealias PendingParts = [Int: PendingBytes]
