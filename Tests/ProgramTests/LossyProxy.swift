import Foundation
import Synchronization

/// A stand-in for a PostgreSQL server's socket that passes every byte on both ways, until a
/// client that has inserted a row sends `COMMIT`: that is passed on to the server, which keeps
/// the change, and the connection is then cut before the server's reply comes back, as a
/// network that fails at the worst moment would. Only the first such connection is cut.
///
/// A class, because its threads and the test share the one listening socket and what it saw.
final class LossyProxy: Sendable {
    /// The folder to give libpq as `host=`: it holds the proxy's socket, named as a server's.
    let folder: String
    private let listener: Int32
    private let cut = Mutex(false)

    /// A proxy in front of the server whose socket is in `serverFolder`, on PostgreSQL's port.
    init(serverFolder: String) throws {
        folder = NSTemporaryDirectory() + "appcore-proxy-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        guard Self.withAddress(folder + "/.s.PGSQL.5432", { bind(listener, $0, $1) }) == 0, listen(listener, 8) == 0
        else { throw CocoaError(.fileWriteUnknown) }
        let upstream = serverFolder + "/.s.PGSQL.5432"
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                guard Self.withAddress(upstream, { connect(server, $0, $1) }) == 0 else {
                    close(client)
                    continue
                }
                let severed = Severed(client: client, server: server)
                Thread.detachNewThread { self.pass(from: client, to: server, watching: true, severed) }
                Thread.detachNewThread { self.pass(from: server, to: client, watching: false, severed) }
            }
        }
    }

    /// Whether a connection was cut after its `COMMIT`.
    var didCut: Bool { cut.withLock { $0 } }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Copies bytes until either side ends; from the client, cuts both ways after the `COMMIT`
    /// of a transaction that inserted, and from then on passes nothing back.
    private func pass(from source: Int32, to destination: Int32, watching: Bool, _ severed: Severed) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var inserted = false
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0, !severed.isSet else { break }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            inserted = inserted || text.contains("INSERT INTO")
            let last = watching && inserted && text.contains("COMMIT") && cutFirst()
            if last { severed.set() }  // before the server can answer
            guard send(destination, buffer, count, Int32(MSG_NOSIGNAL)) == count else { break }
            if last {
                usleep(300_000)  // time for the server to commit
                break
            }
        }
        severed.end()
    }

    /// True the first time it is asked, and never again.
    private func cutFirst() -> Bool {
        cut.withLock { done in
            defer { done = true }
            return !done
        }
    }

    private static func withAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return -1 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// One proxied connection: whether it was cut (its reply half then passes nothing on), and its
/// two sockets, closed once both halves have ended, so that neither closes a descriptor the other
/// still uses, or one the process has since given to something else.
private final class Severed: Sendable {
    private let flag = Mutex(false)
    private let halvesLeft = Mutex(2)
    private let client: Int32
    private let server: Int32

    init(client: Int32, server: Int32) {
        (self.client, self.server) = (client, server)
    }

    var isSet: Bool { flag.withLock { $0 } }

    func set() { flag.withLock { $0 = true } }

    /// One half has ended: both sockets are shut, so that the other half's read ends too.
    func end() {
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(server, Int32(SHUT_RDWR))
        guard
            halvesLeft.withLock({ left in
                left -= 1
                return left == 0
            })
        else { return }
        close(client)
        close(server)
    }
}
