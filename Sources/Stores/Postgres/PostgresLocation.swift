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
    public init(url: String, name: String? = nil) throws(StoreError) {
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw StoreError.failed(
                path: Self.redacted(url), operation: "open",
                reason: "a PostgreSQL store's address is a URL starting postgresql://")
        }
        let (base, query) = Self.split(url)
        let named = query.first { $0.key == "store" }.map { Self.percentDecoded($0.value) }
        let kept = query.filter { $0.key != "store" }
        self.url = base + (kept.isEmpty ? "" : "?" + kept.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
        self.name = name ?? named ?? Self.defaultName
        guard !self.name.isEmpty else {
            throw StoreError.failed(path: Self.redacted(url), operation: "open", reason: "the store's name is empty")
        }
    }

    /// `postgresql://alice@db.example/todos, store team-a`: never a password.
    public var description: String { "\(Self.redacted(url)), store \(name)" }

    /// `url` without the password in its user part or any parameter whose name holds "password".
    /// Anything that is not a URL is said only by its first word, for it may be `password=…` too.
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return "a PostgreSQL address that is not a URL" }
        let (base, query) = split(url)
        var authority = base[scheme.upperBound...]
        var rest = Substring("")
        if let end = authority.firstIndex(where: { $0 == "@" || $0 == "/" }), authority[end] == "@" {
            let user = authority[..<end].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
            rest = authority[end...]
            authority = user
        }
        let kept = query.filter { !$0.key.lowercased().contains("password") }
        return String(base[..<scheme.upperBound]) + authority + rest
            + (kept.isEmpty ? "" : "?" + kept.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
    }

    /// The passwords the URL holds, in its user part or its parameters, for a message from
    /// libpq to be cleared of, should it quote the URL.
    var passwords: [String] {
        let (base, query) = Self.split(url)
        var found = query.filter { $0.key.lowercased().contains("password") }.map(\.value)
        if let scheme = base.firstRange(of: "://") {
            let authority = base[scheme.upperBound...]
            if let end = authority.firstIndex(where: { $0 == "@" || $0 == "/" }), authority[end] == "@",
                let colon = authority[..<end].firstIndex(of: ":")
            {
                found.append(String(authority[authority.index(after: colon)..<end]))
            }
        }
        return found.filter { !$0.isEmpty }.flatMap { [$0, Self.percentDecoded($0)] }
    }

    /// The URL before its `?`, and its parameters in order.
    private static func split(_ url: String) -> (base: String, query: [(key: String, value: String)]) {
        guard let mark = url.firstIndex(of: "?") else { return (url, []) }
        let query = url[url.index(after: mark)...].split(separator: "&").map { parameter in
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (key: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        return (String(url[..<mark]), query)
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
