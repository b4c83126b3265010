import Synchronization

/// How many connections each client's address holds open, for the whole server: a client that
/// opens connections and keeps them (silent ones, live pages, bodies sent a byte at a time) fills
/// its own share, never every place. A class, because it is one table that every connection,
/// on every one of the server's threads, counts itself into and out of.
final class ConnectionsByAddress: Sendable {
    let most: Int
    private let open = Mutex<[String: Int]>([:])

    init(most: Int) { self.most = most }

    /// Counts a connection from `address`, and says so; one over `most` is not counted.
    func admit(_ address: String) -> Bool {
        open.withLock { open in
            let held = open[address, default: 0]
            guard held < most else { return false }
            open[address] = held + 1
            return true
        }
    }

    /// Counts out a connection `admit` counted.
    func release(_ address: String) {
        open.withLock { open in
            let held = open[address, default: 0] - 1
            open[address] = held > 0 ? held : nil
        }
    }
}
