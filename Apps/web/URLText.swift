/// Text put in an address: every byte but letters, digits and `-._~` as `%XX`.
enum URLText {
    static func escaped(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                escaped.unicodeScalars.append(UnicodeScalar(byte))
            default:
                escaped += "%\(digits[Int(byte >> 4)])\(digits[Int(byte & 15)])"
            }
        }
        return escaped
    }

    /// `path` with a query of the pairs whose value is not empty.
    static func address(_ path: String, _ pairs: [(String, String)]) -> String {
        let query = pairs.filter { !$0.1.isEmpty }.map { "\(escaped($0.0))=\(escaped($0.1))" }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }
}
