import ArgumentParser

/// Where the server listens: `--listen HOST:PORT`, IPv6 hosts in brackets (`[::1]:8080`).
struct ListenAddress: CustomStringConvertible, Sendable {
    let host: String
    let port: Int

    static let loopback = ListenAddress(host: "127.0.0.1", port: 8080)

    private init(host: String, port: Int) {
        (self.host, self.port) = (host, port)
    }

    init(parsing text: String) throws {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw Self.malformed(text) }
            portPart = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") {
            (hostPart, portPart) = (text[..<colon], text[text.index(after: colon)...])
        } else {
            throw Self.malformed(text)
        }
        guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }) else {
            throw Self.malformed(text)
        }
        guard let port = Int(portPart), (0...65535).contains(port) else {
            throw ValidationError("--listen \(text): the port is a number from 0 to 65535 (0: any free one)")
        }
        self.init(host: String(hostPart), port: port)
    }

    private static func malformed(_ text: String) -> ValidationError {
        ValidationError("--listen is HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080, not \(text)")
    }

    /// Whether only this machine can reach it: the loopback addresses, by number or by name.
    var isLoopback: Bool {
        host == "localhost" || host == "::1"
            || host.hasPrefix("127.")
                && host.split(separator: ".").count == 4
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The address a browser opens, with the port the server was given (for port 0, the one it got).
    func url(port: Int) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }
}
