import CLibPQ
import Essentials
import Fractal

/// Where a PostgreSQL store lives: the URL libpq connects with, and the store's name among the
/// others kept in the same database.
///
/// The name travels in the URL as the parameter `store` (`postgresql://host/db?store=team-a`),
/// which libpq does not know and so never sees; without it the store is named `appcore`. Every
/// message names the store by `description`: the URL without its password, and the name.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// The store's name when the URL gives none.
    public static let defaultName = "appcore"

    /// The URL as libpq reads it: without the `store` parameter.
    public let url: String
    /// The store's name, a key of the `appcore_stores` table.
    public let name: String

    /// Reads `url` (`postgresql://…` or `postgres://…`; libpq takes what it lacks from `PGHOST`
    /// and its other variables); `name`, when given, names the store instead of the URL's `store`.
    /// A URL libpq cannot read, a port that is not one, or a name that is empty, not UTF-8 or
    /// holds a control character (`%00` would cut it short on the server) is refused here,
    /// before anything is connected to.
    public init(url: String, name: String? = nil) throws(PostgresAddressError) {
        let refuse = { (reason: String) in PostgresAddressError(address: Self.redacted(url), reason: reason) }
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw refuse("a PostgreSQL store's address is a URL starting postgresql://")
        }
        guard let parts = URLParts(url) else { throw refuse("a PostgreSQL store's address is a URL") }
        let userPart = parts.user.map { user in user + (parts.password.map { ":" + $0 } ?? "") + "@" } ?? ""
        let kept = parts.query.filter { $0.key != "store" }
        self.url =
            parts.scheme + userPart + parts.rest
            + (kept.isEmpty ? "" : "?" + kept.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
        if let problem = Self.problem(reading: self.url) {
            throw refuse(Self.passwords(in: url).reduce(problem) { $0.replacing($1, with: "…") })
        }
        let named = parts.query.first { $0.key == "store" }.map { String($0.value) }
        guard let chosen = name ?? (named.map { Self.percentDecoded($0) } ?? Self.defaultName) else {
            throw refuse("the store's name is not percent-encoded UTF-8")
        }
        guard !chosen.isEmpty else { throw refuse("the store's name is empty") }
        guard !chosen.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refuse("the store's name holds a control character")
        }
        self.name = chosen
    }

    /// The ports libpq connects to.
    private static let ports = 1...65_535

    /// What libpq finds wrong with `url` before connecting, or nil: a URL it cannot parse, or a
    /// port that is not a number from 1 to 65535 (which libpq finds only once it connects, and
    /// then says as a failure to connect). Nil too when libpq cannot be opened: connecting says so.
    private static func problem(reading url: String) -> String? {
        guard case .success(let pq) = LibPQ.entryPoints else { return nil }
        var message: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(url, &message) else {
            defer { pq.freemem(message) }
            let said = message.map { String(cString: $0) } ?? "libpq cannot read it"
            return said.split(whereSeparator: \.isNewline).first.map(String.init) ?? said
        }
        defer { pq.conninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "port", let value = option.pointee.val {
                let ports = String(cString: value).split(separator: ",", omittingEmptySubsequences: false)
                let isWrong = { (port: Substring) in !port.isEmpty && Int(port).map(Self.ports.contains) != true }
                if let wrong = ports.first(where: isWrong) {
                    return "its port \(wrong) is not a number from 1 to 65535"
                }
            }
            option += 1
        }
        return nil
    }

    /// `postgresql://alice@db.example/todos, store team-a`: never a password.
    public var description: String { "\(Self.redacted(url)), store \(name)" }

    /// `url` without the password in its user part or any parameter whose name, its `%` escapes
    /// read as libpq reads them, holds "password" in any case (`password=`, `pass%77ord=`,
    /// `%70assword=`), or whose name libpq could not read at all. Anything that is not a URL is
    /// said only as that, for it may be `password=…` too.
    public static func redacted(_ url: String) -> String {
        guard let parts = URLParts(url) else { return "a PostgreSQL address that is not a URL" }
        let user = parts.user.map { $0 + "@" } ?? ""
        let kept = parts.query.filter { !isPassword($0.key) }
        return parts.scheme + user + parts.rest
            + (kept.isEmpty ? "" : "?" + kept.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
    }

    /// The passwords the URL holds, in its user part or its parameters, for a message from
    /// libpq to be cleared of, should it quote the URL.
    var passwords: [String] { Self.passwords(in: url) }

    /// Every password `url` holds, as written and as libpq reads it.
    public static func passwords(in url: String) -> [String] {
        guard let parts = URLParts(url) else { return [] }
        let found = parts.query.filter { isPassword($0.key) }.map(\.value) + [parts.password].compactMap(\.self)
        return found.filter { !$0.isEmpty }.map(String.init).flatMap { [$0, percentDecoded($0)].compactMap(\.self) }
    }

    /// Whether libpq may read a parameter of this name as a password: its name, `%` escapes
    /// read, holds "password" in any case, or has an escape that cannot be read.
    private static func isPassword(_ key: Substring) -> Bool {
        percentDecoded(String(key))?.lowercased().contains("password") ?? true
    }

    /// A URL's parts, as libpq finds them: its user part runs from the scheme to the first `@`
    /// that comes before any `/` (so a password may hold a `?`), and its parameters follow the
    /// first `?` after that.
    private struct URLParts {
        let scheme: Substring
        let user: Substring?
        let password: Substring?
        /// The hosts, ports and database: what follows the user part, up to the parameters.
        let rest: Substring
        let query: [(key: Substring, value: Substring)]

        init?(_ url: String) {
            guard let separator = url.firstRange(of: "://") else { return nil }
            scheme = url[..<separator.upperBound]
            var remainder = url[separator.upperBound...]
            if let end = remainder.firstIndex(where: { $0 == "@" || $0 == "/" }), remainder[end] == "@" {
                let userPart = remainder[..<end]
                let colon = userPart.firstIndex(of: ":")
                user = userPart[..<(colon ?? end)]
                password = colon.map { userPart[userPart.index(after: $0)...] }
                remainder = remainder[remainder.index(after: end)...]
            } else {
                (user, password) = (nil, nil)
            }
            let mark = remainder.firstIndex(of: "?") ?? remainder.endIndex
            rest = remainder[..<mark]
            query = remainder[mark...].dropFirst().split(separator: "&").map { parameter in
                let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (key: parts[0], value: parts.count > 1 ? parts[1] : "")
            }
        }
    }

    /// `text` with each `%XX` read as the byte it stands for, as libpq reads a URL; nil if a `%`
    /// is not followed by two hexadecimal digits, or the bytes are not UTF-8.
    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = utf8.prefix(2)
            guard digits.count == 2, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
