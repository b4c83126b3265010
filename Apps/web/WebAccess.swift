import AppCore
import HTTPTypes
import Hummingbird
import ProgramKit

/// Who may use the server, and which posts are the server's own forms: the token, the code every
/// form carries, and the names the server answers to.
struct WebAccess: Sendable {
    /// The token every request must carry, or none (on 127.0.0.1 without `--token`).
    let token: String?
    /// The token made at start, to print once, where none was given.
    let madeToken: String?
    /// What every form of this server carries, made anew at each start: a page of another site
    /// cannot read it, so it cannot make a browser post one of our forms (cross-site request forgery).
    let formCode: String
    /// Without a token, only this machine is served, and only under the names it has here: a page
    /// of another site that renames itself to 127.0.0.1 (DNS rebinding) is refused by its Host.
    let servesLoopbackNamesOnly: Bool

    static let cookieName = "appcore_token"

    init(listening address: ListenAddress, token given: String?) throws {
        if let given {
            guard (16...256).contains(given.utf8.count),
                given.utf8.allSatisfy({ Self.tokenBytes.contains($0) })
            else {
                throw ProgramFailure(
                    "a token is 16 to 256 letters, digits, '.', '_', '~' or '-', so that it is hard to guess "
                        + "and travels in a cookie and a header unchanged", exit: .usage)
            }
            (token, madeToken) = (given, nil)
        } else if address.isLoopback {
            (token, madeToken) = (nil, nil)
        } else {
            let made = Self.secret()
            (token, madeToken) = (made, made)
        }
        formCode = Self.secret()
        servesLoopbackNamesOnly = token == nil
    }

    private static let tokenBytes = Set(
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._~-".utf8))

    /// 128 bits from the system's generator, as 32 hexadecimal digits.
    static func secret() -> String {
        var system = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for _ in 0..<2 {
            let word: UInt64 = system.next()
            for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int((word >> UInt64(shift)) & 15)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether two secrets are equal, in a time that depends on their lengths only, so that timing
    /// answers tells nothing of how much of a guess was right.
    static func same(_ given: some StringProtocol, _ secret: String) -> Bool {
        let (a, b) = (Array(given.utf8), Array(secret.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// What is done with a request before any route sees it.
    enum Verdict: Equatable {
        case admitted
        /// The right token given in the address: kept in a cookie, then the same page without it.
        case remember(location: String)
        case refused(HTTPResponse.Status, String)
    }

    func verdict(on request: Request) -> Verdict {
        let host = request.head.authority ?? ""
        if servesLoopbackNamesOnly && !Self.isLoopbackName(host) {
            return .refused(
                .misdirectedRequest,
                "This server answers only to 127.0.0.1, localhost and [::1]: it was started without a token.")
        }
        if let token {
            let query = request.uri.queryParameters
            if let given = query["token"] {
                guard Self.same(given, token) else { return .refused(.unauthorized, Self.tokenNeeded) }
                // The other fields as the browser wrote them, byte for byte: decoded and written
                // again, a `+` that stands for a space would come back as a plus.
                let rest = (request.uri.query ?? "").split(separator: "&")
                    .filter { $0.split(separator: "=", maxSplits: 1).first != "token" }
                // Back to the same page of this server: a path that a browser would read as another
                // server's (`//evil.example/`, `/\evil.example/`) goes to the first page instead.
                let path = request.uri.path
                let local = path.hasPrefix("/") && !path.hasPrefix("//") && !path.hasPrefix("/\\") ? path : "/"
                return .remember(location: local + (rest.isEmpty ? "" : "?" + rest.joined(separator: "&")))
            }
            let bearer = request.headers[.authorization].flatMap { value in
                value.hasPrefix("Bearer ") ? value.dropFirst("Bearer ".count) : nil
            }
            let cookie = request.cookies[Self.cookieName]?.value
            guard bearer.map({ Self.same($0, token) }) ?? cookie.map({ Self.same($0, token) }) ?? false else {
                return .refused(.unauthorized, Self.tokenNeeded)
            }
        }
        if request.method == .post, let refusal = crossSiteRefusal(request, host: host) {
            return .refused(.forbidden, refusal)
        }
        return .admitted
    }

    /// Whether a request comes from this server's own pages, an address typed by hand, or a
    /// program (which says nothing of where it came from), not from a page of another site: work
    /// that may take the core seconds is done only for those (an image of another site's page
    /// pointing at `/dice?expression=…` must not keep the core busy for everyone).
    static func isAskedByThisServersPages(_ request: Request) -> Bool {
        guard let site = request.headers[.named("Sec-Fetch-Site")] else { return true }
        return site == "same-origin" || site == "none"
    }

    private static let tokenNeeded =
        "This server needs its token: open the address it printed at start (…/?token=…) once, or send "
        + "`Authorization: Bearer TOKEN`."

    /// Why a post may come from a page of another site, if it may: the browser says where it came
    /// from (`Sec-Fetch-Site`, `Origin`), and a script's post to the API must be JSON, which a
    /// page of another site cannot send without asking first (CORS). A form's code is checked
    /// where the form is read (`FormFields`).
    private func crossSiteRefusal(_ request: Request, host: String) -> String? {
        let refusal = "This request came from another site; only this server's own pages may post to it."
        if let site = request.headers[.named("Sec-Fetch-Site")], site != "same-origin", site != "none" {
            return refusal
        }
        // An origin is a scheme and a host, nothing more: ours is http:// and the Host the request
        // names. `Origin: null` is a sandboxed page or a file: not one of ours either.
        if let origin = request.headers[.origin], origin.lowercased() != "http://" + host.lowercased() {
            return refusal
        }
        return nil
    }

    /// Whether `host` (a Host header) names this machine's loopback: `127.0.0.1`, `localhost` or
    /// `[::1]`, in any case, with a port or none, and nothing more.
    static func isLoopbackName(_ host: String) -> Bool {
        let lowered = host.lowercased()
        for name in ["127.0.0.1", "localhost", "[::1]"] where lowered.hasPrefix(name) {
            let rest = lowered.dropFirst(name.count)
            return rest.isEmpty || (rest.first == ":" && rest.count > 1 && rest.dropFirst().allSatisfy(\.isASCIIDigit))
        }
        return false
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
