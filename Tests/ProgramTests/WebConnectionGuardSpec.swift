import Foundation
import NIOCore
import Testing

@testable import web

/// A client that opens connections and keeps them holds its own share of the server, never every
/// place: each address holds at most 32 connections at once, and a request must arrive whole
/// within 15 s however slowly its bytes trickle in. Another client, from another address, is
/// answered meanwhile. (Every address of 127.0.0.0/8 is this machine's: the clients here are told
/// apart by the address they send from.)
@Suite("web, a client that holds connections")
struct WebConnectionGuardSpec {
    @Test
    func anAddressHoldingItsShareHasItsNextConnectionClosedWhileAnotherAddressIsAnswered() throws {
        let server = try WebServer(["--store", "memory"])
        let port = try LoopbackHTTP.parts(of: server.base).port
        let held = try (0..<32).map { _ in try Self.connection(from: "127.0.0.1", to: port) }
        defer { for socket in held.dropFirst() { close(socket) } }
        // Each is counted as the server takes it: a request on the last shows all 32 were taken.
        #expect(Self.exchange(on: held[31], port: port).hasPrefix("HTTP/1.1 200"))

        let oneTooMany = try Self.connection(from: "127.0.0.1", to: port)
        defer { close(oneTooMany) }
        #expect(Self.exchange(on: oneTooMany, port: port) == "", "closed before any answer")
        let other = try HTTPExchange.curl(server.base + "/dice", ["--interface", "127.0.0.2"])
        #expect(other.status == 200)

        // The server learns of a close a moment after it is made: a place given back is taken
        // again within a second.
        close(held[0])
        var answer = ""
        for _ in 0..<20 where !answer.hasPrefix("HTTP/1.1 200") {
            usleep(50_000)
            let again = try Self.connection(from: "127.0.0.1", to: port)
            answer = Self.exchange(on: again, port: port)
            close(again)
        }
        #expect(answer.hasPrefix("HTTP/1.1 200"), "a place given back is taken again")
    }

    /// A request's head or its body sent a line or a byte a second, each in time for the idle
    /// timeout: closed 15 s after the connection opened, while a live page opened before it is
    /// still streaming (its answer is under way, and nothing is awaited of it).
    @Test(.slow, arguments: ["head", "body"])
    func aRequestSentALittleAtATimeIsClosedOnceItsTimeIsUpWhileALivePageGoesOn(_ part: String) throws {
        let server = try WebServer(["--store", "memory"])
        let port = try LoopbackHTTP.parts(of: server.base).port
        let live = try Self.connection(from: "127.0.0.4", to: port, patience: 10)
        defer { close(live) }
        let follow = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        #expect(send(live, follow, follow.utf8.count, Int32(MSG_NOSIGNAL)) == follow.utf8.count)
        #expect(Self.received(on: live).hasPrefix("HTTP/1.1 200"))

        let socket = try Self.connection(from: "127.0.0.3", to: port, patience: 1)
        defer { close(socket) }
        let start = ContinuousClock.now
        let head =
            "POST /dice/roll HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + (part == "body" ? "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n" : "")
        #expect(send(socket, head, head.utf8.count, Int32(MSG_NOSIGNAL)) == head.utf8.count)
        let little = part == "body" ? "a" : "X-Pad: 1\r\n"
        var answered = ""
        var closed = false
        // A little a second, well within the 30 s a silent connection is given, until the server
        // closes it: a send or a read then fails, or a read finds the end.
        while !closed && ContinuousClock.now - start < .seconds(40) {
            guard send(socket, little, little.utf8.count, Int32(MSG_NOSIGNAL)) == little.utf8.count else {
                closed = true
                break
            }
            let got = Self.received(on: socket)
            if got.isEmpty { closed = errno != EAGAIN && errno != EWOULDBLOCK } else { answered += got }
        }
        let took = ContinuousClock.now - start

        #expect(closed, "still open after \(took)")
        #expect(answered.isEmpty, "\(answered)")
        #expect(took >= .seconds(14) && took < .seconds(20), "closed after \(took)")
        #expect(!Self.received(on: live).isEmpty, "the live page still streams (a beat every 5 s)")
        let other = try HTTPExchange.curl(server.base + "/dice", ["--interface", "127.0.0.2"])
        #expect(other.status == 200)
    }

    /// One client is an IPv4 address, or an IPv6 network of 64 bits, which one client is given
    /// whole: its other addresses count as the same client.
    @Test
    func aClientIsItsIPv4AddressOrItsIPv6Network() throws {
        let client = { (address: String) in ConnectionGuard.client(try SocketAddress(ipAddress: address, port: 80)) }

        #expect(try client("192.0.2.7") == "192.0.2.7")
        #expect(try client("2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(try client("2001:db8:1:2:ffff:ffff:ffff:9") == "2001:db8:1:2::/64")
        #expect(try client("2001:db8:1:3::1") == "2001:db8:1:3::/64")
        #expect(try client("::ffff:192.0.2.7") == "192.0.2.7", "an IPv4 client of a server on both")
        #expect(try client("::1") == "0:0:0:0::/64")
    }

    /// A socket connected from `source` to 127.0.0.1:`port`, whose reads wait `patience` seconds.
    private static func connection(from source: String, to port: UInt16, patience: Int = 5) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        func address(_ text: String, _ port: UInt16) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr(text)
            return address
        }
        var from = address(source, 0)
        var to = address("127.0.0.1", port)
        let made = withUnsafePointer(to: &from) { from in
            withUnsafePointer(to: &to) { to in
                from.withMemoryRebound(to: sockaddr.self, capacity: 1) { from in
                    to.withMemoryRebound(to: sockaddr.self, capacity: 1) { to in
                        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
                        return bind(socket, from, size) == 0 && connect(socket, to, size) == 0
                    }
                }
            }
        }
        guard made else {
            close(socket)
            throw LoopbackFailure(what: "cannot connect from \(source) to port \(port)")
        }
        var timeout = timeval(tv_sec: patience, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// Asks for the dice page on `socket` and returns the start of the answer: empty where the
    /// server closed the connection first.
    private static func exchange(on socket: Int32, port: UInt16) -> String {
        let request = "GET /dice HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        _ = send(socket, request, request.utf8.count, Int32(MSG_NOSIGNAL))
        return received(on: socket)
    }

    /// What one read of `socket` got: empty where the server closed it (`errno` then 0 or
    /// ECONNRESET), or nothing came in the socket's patience (`errno` then EAGAIN).
    private static func received(on socket: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        errno = 0
        let count = recv(socket, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
    }
}
