import HummingbirdCore

/// Accepts a new connection only while fewer than `most` are open; the others wait in the
/// listening queue. A value the server keeps and changes as connections come and go.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let most: Int
    private var open = 0

    init(most: Int) { self.most = most }

    mutating func connectionOpened() { open += 1 }
    mutating func connectionClosed() { open -= 1 }
    func isAcceptingNewConnections() -> Bool { open < most }
}
