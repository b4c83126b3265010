import Foundation
import Testing

/// The web page's filter box takes `todo list`'s words and picks the very same to-dos: forty
/// filters, each sent as a browser sends the box (spaces as `+`) and given to `todo list` as the
/// shell gives the same words, compared id by id.
@Suite("web, its filter as todo list's")
struct WebFilterAgreementSpec {
    static let todos: [[String]] = [
        ["pay rent", "+home", "due:2026-11-20", "pri:H"],
        ["call mum", "+family", "@phone", "due:2026-11-22 09:00"],
        ["write report", "project:work.reports", "+cli", "due:2026-11-25", "pri:M"],
        ["fix the build", "project:work", "+cli", "+health"],
        ["water plants", "+home", "recur:weekly", "due:2026-11-23"],
        ["book dentist", "+health", "pri:L", "scheduled:2026-11-30"],
        ["plan trip", "project:home.travel", "wait:2026-12-01"],
        ["read a book", "@couch"],
        ["buy milk", "+errands", "@shop", "due:2026-11-22"],
        ["renew passport", "until:2026-11-21", "+admin"],
    ]

    static let filters = [
        "+health or +cli", "pri:H or +cli", "+home", "-home", "+cli +health", "( +home or +cli ) pri:H",
        "project:work", "project:", "project:home", "@phone", "-@phone", "due:today", "due.before:today",
        "due.by:fri", "due.after:tomorrow", "due:", "pri:M", "priority:", "recur:weekly", "recur:any",
        "status:done", "status:waiting", "status:pending", "/milk/", "'/water plants/'", "/^B/", "+OVERDUE",
        "+DUE", "+TODAY", "+WEEK", "-OVERDUE", "+PROJECT", "-TAGGED", "+SCHEDULED", "+UNTIL", "+READY",
        "+RECURRING", "+home or @couch or pri:L", "+cli and project:work.reports", "+WAITING or +ACTIVE",
    ]

    /// A filter that cannot be read picks nothing, as `todo list` lists nothing for it, and says why.
    @Test func aFilterThatCannotBeReadShowsNoToDoAndSaysWhy() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "pay rent", "+home")
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        // Parentheses 3,000 deep are refused as too deep; read by recursion, they took the server down.
        let deep = String(repeating: "(", count: 3_000) + "+home" + String(repeating: ")", count: 3_000)
        for filter in ["+NASA", "/[/", "due.before:someday", deep] {
            let page = try HTTPExchange.curl(server.base + "/todos?filter=" + Self.formEncoded(filter))
            #expect(page.status == 200 && page.body.contains("class=\"notice\""), "\(filter)")
            #expect(!page.body.contains("pay rent"), "\(filter)")
        }
    }

    /// The token given in the address is taken out of it, and the rest kept as the browser wrote
    /// it: a space written + stays a space.
    @Test func theTokensRedirectKeepsTheRestOfTheAddressAsWritten() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let token = "correct-horse-battery-staple"
        let server = try WebServer(["--token", token], environment: place.environment)
        defer { _ = server.stop() }
        let given = try HTTPExchange.curl(server.base + "/todos?filter=%2Bhome+or+%2Berrands&token=\(token)")
        #expect(given.headers["location"] == "/todos?filter=%2Bhome+or+%2Berrands", "\(given.headers)")
    }

    /// The words a shell gives `todo list` of `line`: split at spaces, a part in single quotes one
    /// word without them.
    static func shellWords(_ line: String) -> [String] {
        line.split(separator: "'", omittingEmptySubsequences: false).enumerated().flatMap { index, part in
            index % 2 == 1 ? [String(part)] : part.split(separator: " ").map(String.init)
        }
    }

    /// A browser's encoding of a form field sent by GET.
    static func formEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "): out += "+"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                out.append(Character(UnicodeScalar(byte)))
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    @Test(.slow) func fortyFiltersPickTheSameToDosInThePageAsInTodoList() throws {
        #expect(Self.filters.count == 40)
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for words in Self.todos { #expect(try place.todo(["add"] + words).status == 0) }
        let id = try #require(try place.list("/fix the build/").first?["id"] as? String)
        #expect(try place.todo("start", id).status == 0)
        let done = try #require(try place.list("/read a book/").first?["id"] as? String)
        #expect(try place.todo("done", done).status == 0)

        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        for filter in Self.filters {
            let words = Self.shellWords(filter)
            let run = try place.todo(["list", "--json"] + words)
            #expect(run.status == 0, "\(filter): \(run.stderr)")
            let records = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
            let listed = Set((records ?? []).compactMap { $0["id"] as? String })
            let page = try LoopbackHTTP.request("GET", server.base + "/todos?filter=" + Self.formEncoded(filter)).body
            #expect(!page.contains("class=\"notice\""), "\(filter): the page refused it")
            let shown = Set(
                page.components(separatedBy: "<td class=\"id\"><a href=\"/todos/").dropFirst()
                    .map { String($0.prefix { $0 != "\"" }) })
            #expect(shown == listed, "\(filter)")
        }
    }
}
