import AppCore

/// The fields of a form as a browser posts them (`application/x-www-form-urlencoded`).
struct FormFields: Sendable {
    private let values: [String: String]

    subscript(name: String) -> String? { values[name] }

    /// The text of a field, trimmed; empty where it is missing.
    func text(_ name: String) -> String {
        (values[name] ?? "").trimmingWhitespace()
    }

    init(_ values: [String: String]) { self.values = values }

    /// The fields of a request's query, as a form sent by GET gives them: a browser writes a space
    /// as `+` there too, which a query's own decoding would keep as a `+` (`+errands or +home`
    /// would be one word).
    init(query: String?) {
        self.init(urlEncoded: Array((query ?? "").utf8))
    }

    /// Reads `body`; a field named twice keeps its first value.
    init(urlEncoded body: [UInt8]) {
        var values: [String: String] = [:]
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(parts[0])
            if values[name] == nil { values[name] = parts.count > 1 ? Self.decoded(parts[1]) : "" }
        }
        self.values = values
    }

    /// `+` as a space and `%XX` as its byte; a `%` without two hexadecimal digits stays as it is.
    private static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
