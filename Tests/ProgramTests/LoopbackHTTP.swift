import Foundation

/// HTTP/1.1 over a socket of this test's own, to a server on this machine: no child process,
/// so nothing another test starts meanwhile can inherit it. One request a connection.
enum LoopbackHTTP {
    struct Reply {
        let status: Int
        let body: String
    }

    /// Sends `method` to `url` (http://127.0.0.1:PORT/…) with `body` as JSON, and reads the whole reply.
    static func request(_ method: String, _ url: String, json body: String? = nil) throws -> Reply {
        let (port, path) = try parts(of: url)
        let socket = try connected(to: port)
        defer { close(socket) }
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            request += "\r\n"
        }
        var bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeMutableBytes { send(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw LoopbackFailure(what: "cannot send to \(url)") }
            sent += count
        }
        bytes = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Read to the end of the body its length names, or to the end of the connection: a
        // server may keep it open, whatever the request asked.
        while !isWhole(bytes) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw LoopbackFailure(what: "no reply from \(url)") }
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        var payload = String(text[split.upperBound...])
        if text[..<split.lowerBound].lowercased().contains("transfer-encoding: chunked") {
            payload = unchunked(payload)
        }
        return Reply(status: status, body: payload)
    }

    /// A socket connected to 127.0.0.1:`port`, that gives up on a reply after 60 s.
    static func connected(to port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw LoopbackFailure(what: "nothing listens on port \(port)")
        }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    static func parts(of url: String) throws -> (port: UInt16, path: String) {
        guard let scheme = url.range(of: "://") else { throw LoopbackFailure(what: "not a URL: \(url)") }
        let rest = url[scheme.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let colon = rest[..<slash].lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)..<slash])
        else { throw LoopbackFailure(what: "no port in \(url)") }
        return (port, slash == rest.endIndex ? "/" : String(rest[slash...]))
    }

    /// A free port of this machine, as the system gives one.
    static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw LoopbackFailure(what: "no free port") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether `bytes` hold a reply's head and as much body as its Content-Length says.
    private static func isWhole(_ bytes: [UInt8]) -> Bool {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { return false }
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return bytes.count - (end + 4) >= length
    }

    private static func unchunked(_ text: String) -> String {
        var rest = Substring(text)
        var out = ""
        while let end = rest.range(of: "\r\n"), let size = Int(rest[..<end.lowerBound], radix: 16), size > 0 {
            let start = end.upperBound
            let utf8 = rest[start...].utf8
            let stop = utf8.index(utf8.startIndex, offsetBy: min(size, utf8.count))
            out += String(rest[start..<stop])
            rest = rest[stop...].dropFirst(2)
        }
        return out
    }
}

struct LoopbackFailure: Error, CustomStringConvertible {
    let what: String
    var description: String { what }
}
