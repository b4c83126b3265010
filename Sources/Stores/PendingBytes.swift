import Essentials
import Fractal
import Synchronization

/// The bytes of a part of a record that a store keeps apart (`PartKeptApart`), read from the
/// store when the part is first used: a page of to-dos, which most commands never touch. Read
/// once, then kept for every copy of the state that holds the part.
///
/// A class, because the bytes are read once and shared: every copy of a state that holds the
/// part reads through the same box.
final class PendingBytes: Sendable {
    /// Which reader of which store file gives the bytes: a part is named again, unread, only in
    /// the file it was read from (`PartsKeeper.keepAgain`).
    let reader: ObjectIdentifier
    private let fetch: @Sendable () throws -> [UInt8]
    /// The bytes once read. Read under the lock, so that two threads asking at once read them
    /// once, and neither fails where the other succeeded.
    private let fetched: Mutex<[UInt8]?> = Mutex(nil)

    /// `fetch` reads the part's bytes from the store through `reader`, which it holds, or throws
    /// `UnreadableSlice` saying why it cannot (the store was rewritten since, or is gone).
    init(from reader: AnyObject, fetch: @escaping @Sendable () throws -> [UInt8]) {
        self.reader = ObjectIdentifier(reader)
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
