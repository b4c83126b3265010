import Essentials
import Fractal
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
    /// The bytes once read. Read under the lock, so that two threads asking at once read them
    /// once, and neither fails where the other succeeded.
    private let fetched: Mutex<[UInt8]?> = Mutex(nil)

    /// `fetch` reads the part's bytes from the store, or throws `UnreadableSlice` saying why it
    /// cannot (the store was rewritten since, or is gone).
    init(fetch: @escaping @Sendable () throws -> [UInt8]) {
        self.fetch = fetch
    }

    /// The part's bytes: read from the store the first time, kept since.
    func bytes() throws -> [UInt8] {
        try fetched.withLock { fetched in
            if let fetched { return fetched }
            let bytes = try fetch()
            fetched = bytes
            return bytes
        }
    }
}

/// The parts of a record left in the store as it was read, by where each starts in the record,
/// handed to the decoder of the record. Only a `Slice` takes such a part (`claim`); any other
/// reader would read the bytes that were left out, so a store reads the record whole again when
/// a part was not claimed (`allClaimed`).
///
/// A class, because the decoders of the record's entries, each a value, report their claims to
/// the one store that reads it; it lives only while the record is decoded.
final class PendingParts {
    private let parts: [Int: PendingBytes]
    private var claimed: Set<Int> = []

    init(_ parts: [Int: PendingBytes]) {
        self.parts = parts
    }

    /// The part that starts at `position`, if one was left there, now taken by its reader.
    func claim(at position: Int) -> PendingBytes? {
        guard let part = parts[position] else { return nil }
        claimed.insert(position)
        return part
    }

    /// Whether every part left out was taken by a reader that reads it from the store.
    var allClaimed: Bool { claimed.count == parts.count }
}
