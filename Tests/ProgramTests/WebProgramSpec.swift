import Foundation
import Testing

/// `web`, the same core in a browser, tested as curl and other programs meet it: its pages,
/// its API, live pages, and what it refuses.
@Suite("web, the program")
struct WebProgramSpec {
    static let stores = ["sqlite", "disk"] + (PostgresTestServer.url == nil ? [] : ["postgres"])

    @Test(.slow, arguments: stores)
    func aToDoAddedOnThePageIsInTheStoreAndOneAddedByTodoIsOnThePage(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        #expect(try place.todo("add", "from the terminal").status == 0)

        let added = try server.post("/todos/add", ["words": "from the page +errands due:tomorrow pri:H"])

        #expect(added.status == 303)
        #expect(added.headers["location"] == "/todos")
        let page = try HTTPExchange.curl(server.base + "/todos")
        #expect(page.status == 200)
        #expect(page.body.contains("from the terminal") && page.body.contains("from the page"))
        let stored = try place.list()
        #expect(stored.map { $0["title"] as? String } == ["from the terminal", "from the page"])
        #expect(stored.last?["tags"] as? [String] == ["errands"])
        #expect(stored.last?["due"] as? String == "2026-11-23")
        #expect(stored.last?["priority"] as? String == "high")
        #expect(server.stop() == 0)
    }

    @Test
    func aToDosPageShowsItsRecurrenceTheToDosItWaitsOnAndItsAnnotations() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        _ = try place.todo("add", "buy paint")
        let paint = try #require(try place.list().first?["id"] as? String)
        _ = try place.todo("add", "paint the wall", "due:fri", "recur:2w", "depends:\(paint)")
        let wall = try #require(try place.list().last?["id"] as? String)
        _ = try place.todo("annotate", wall, "asked <Bob>")
        let page = try HTTPExchange.curl(server.base + "/todos/\(wall)")
        #expect(page.status == 200)
        #expect(page.body.contains("<dt>recur</dt><dd>2w</dd>"))
        #expect(page.body.contains("<dt>depends</dt><dd>\(paint.prefix(4))</dd>"))
        #expect(page.body.contains("<dt>annotated</dt><dd>2026-11-22 12:00:00  asked &lt;Bob&gt; <form"))
        #expect(server.stop() == 0)
    }

    @Test(arguments: stores)
    func aLivePageHearsOfAChangeByAnotherProgramWithinASecond(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let events = try EventStream(server.base + "/events")
        let first = events.read(until: "data: 0\n\n")
        #expect(first.contains("content-type: text/event-stream") || first.contains("Content-Type: text/event-stream"))
        #expect(first.contains("event: change\ndata: 0\n\n"))

        let added = try place.todo("add", "from another program")
        let sent = Date()
        let heard = events.read(until: "data: 1\n\n", after: first)
        let waited = Date().timeIntervalSince(sent)

        #expect(added.status == 0)
        #expect(heard.dropFirst(first.count).contains("event: change\ndata: 1\n\n"))
        #expect(waited < 1, "heard after \(waited) s")
        #expect(try HTTPExchange.curl(server.base + "/todos").body.contains("from another program"))
        events.close()
        #expect(server.stop() == 0)
    }

    @Test
    func storedTextShowsAsTextNeverAsMarkup() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let hostile = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "a & b 'quoted'"]
        for title in hostile { #expect(try place.todo("add", "--", title).status == 0) }
        #expect(try place.todo("add", "\u{1B}]0;title\u{07}bell").status != 0)
        let server = try WebServer([], environment: place.environment)

        let body = try HTTPExchange.curl(server.base + "/todos").body

        #expect(!body.contains("<script>alert") && !body.contains("<img src=x"))
        #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(body.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(body.contains("a &amp; b &#39;quoted&#39;"))
        let typed = try server.post("/todos/add", ["words": "pri:QQ <b>bold</b>"])
        #expect(typed.status == 400)
        #expect(typed.body.contains("value=\"pri:QQ &lt;b&gt;bold&lt;/b&gt;\""))
        #expect(try place.list().count == hostile.count)
        _ = server.stop()
    }

    @Test(.slow)
    func aPostFromAnotherSiteIsRefusedAndChangesNothing() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let code = try server.formCode()

        let noCode = try server.post("/todos/add", ["words": "forged"], code: "")
        let otherCode = try server.post("/todos/add", ["words": "forged"], code: String(repeating: "0", count: 32))
        let otherOrigin = try server.post(
            "/todos/add", ["words": "forged"], code: code, headers: ["Origin: https://evil.example"])
        let nullOrigin = try server.post("/todos/add", ["words": "forged"], code: code, headers: ["Origin: null"])
        let crossSite = try server.post(
            "/todos/add", ["words": "forged"], code: code, headers: ["Sec-Fetch-Site: cross-site"])
        let formToTheAPI = try HTTPExchange.curl(
            server.base + "/api/commands", ["-X", "POST", "--data", #"{"coin": {"flip": {"count": 1}}}"#])

        for refused in [noCode, otherCode, otherOrigin, nullOrigin, crossSite] {
            #expect(refused.status == 403)
            #expect(refused.body.contains("class=\"notice\""))
        }
        #expect(formToTheAPI.status == 415)
        #expect(try place.list().isEmpty)
        #expect(
            try ProgramRun.of("coin", ["history", "--json"], environment: place.environment).stdout.contains("flips")
                == false)
        let sameSite = try server.post(
            "/todos/add", ["words": "mine"], code: code, headers: ["Sec-Fetch-Site: same-origin"])
        #expect(sameSite.status == 303)
        #expect(try place.list().count == 1)
        _ = server.stop()
    }

    @Test
    func withoutATokenOnlyThisMachinesOwnNamesAreServed() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)

        let rebound = try HTTPExchange.curl(server.base + "/todos", ["-H", "Host: attacker.example:80"])
        let local = try HTTPExchange.curl(
            server.base.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/todos")

        #expect(rebound.status == 421)
        #expect(local.status == 200)
        _ = server.stop()
    }

    @Test
    func aTokenIsAskedOfEveryRequestAndABrowserGivesItOnce() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let token = "correct-horse-battery-staple"
        let server = try WebServer(["--token", token], environment: place.environment)

        let without = try HTTPExchange.curl(server.base + "/todos")
        let wrong = try HTTPExchange.curl(
            server.base + "/api/todos", ["-H", "Authorization: Bearer correct-horse-battery-stapler"])
        let bearer = try HTTPExchange.curl(server.base + "/api/todos", ["-H", "Authorization: Bearer \(token)"])
        let given = try HTTPExchange.curl(server.base + "/dice?token=\(token)&expression=3d6")
        let cookie = try #require(given.headers["set-cookie"])
        let remembered = try HTTPExchange.curl(
            server.base + "/todos", ["-H", "Cookie: \(cookie.prefix { $0 != ";" })"])

        #expect(without.status == 401 && without.body.contains("needs its token"))
        #expect(!without.body.contains(token))
        #expect(wrong.status == 401 && wrong.headers["content-type"] == "application/json")
        #expect(bearer.status == 200)
        #expect(given.status == 303 && given.headers["location"] == "/dice?expression=3d6")
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(remembered.status == 200)
        _ = server.stop()
    }

    @Test
    func aTokenGivenOnTheCommandLineIsBlankedOutOfWhatOtherUsersReadAndStillOpensThePages() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let token = "correct-horse-battery-staple"
        let server = try WebServer(["--token=\(token)"], environment: place.environment)
        let line = try String(
            decoding: Data(contentsOf: URL(fileURLWithPath: "/proc/\(server.process.processIdentifier)/cmdline")),
            as: UTF8.self)

        #expect(!line.contains(token) && line.contains("--token=" + String(repeating: "x", count: token.count)))
        #expect(
            server.said.contains("Warning: the token given in --token was blanked out of this program's command line"))
        #expect(!server.said.contains(token))
        let bearer = try HTTPExchange.curl(server.base + "/api/todos", ["-H", "Authorization: Bearer \(token)"])
        #expect(bearer.status == 200)
        _ = server.stop()
    }

    @Test
    func listeningBeyondThisMachineMakesATokenAndPrintsItOnce() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer(["--listen", "0.0.0.0:0"], environment: place.environment)
        let token = try #require(server.madeToken)

        let without = try HTTPExchange.curl(server.base + "/api/todos")
        let with = try HTTPExchange.curl(server.base + "/api/todos", ["-H", "Authorization: Bearer \(token)"])

        #expect(token.count == 32)
        #expect(without.status == 401)
        #expect(with.status == 200)
        _ = server.stop()
    }

    @Test(.slow)
    func everyResponseForbidsInlineScriptAndFraming() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        for path in [
            "/todos", "/dice?expression=3d6", "/coin", "/deck", "/todos/journal", "/nowhere", "/static/live.js",
        ] {
            let response = try HTTPExchange.curl(server.base + path)
            let policy = try #require(response.headers["content-security-policy"], "\(path)")
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(!response.body.contains("<script>") || path == "/static/live.js")
        }
        _ = server.stop()
    }

    @Test
    func aBodyOverTheLimitIsRefusedInOurWordsAndNothingIsKept() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let code = try server.formCode()
        let large = Data(("form=\(code)&words=" + String(repeating: "a", count: 300 * 1024)).utf8)

        let refused = try HTTPExchange.curl(
            server.base + "/todos/add", ["-X", "POST", "--data-binary", "@-"], input: large)

        #expect(refused.status == 413)
        #expect(refused.body.contains("larger than 256 KiB"))
        #expect(try place.list().isEmpty)
        _ = server.stop()
    }

    @Test
    func theAPISpeaksTheScenariosVocabulary() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer(["--seed", "1"], environment: place.environment)
        let json = ["-X", "POST", "-H", "Content-Type: application/json", "--data"]

        let added = try HTTPExchange.curl(
            server.base + "/api/commands",
            json + [#"{"todo": {"add": {"draft": {"title": "buy milk", "changes": []}}}}"#])
        let listed = try HTTPExchange.curl(server.base + "/api/todos")
        let unknown = try HTTPExchange.curl(server.base + "/api/commands", json + [#"{"coin": {"flop": {}}}"#])
        let failed = try HTTPExchange.curl(
            server.base + "/api/commands", json + [#"{"todo": {"add": {"draft": {"title": "", "changes": []}}}}"#])

        #expect(added.status == 200)
        #expect(
            added.body.hasPrefix(#"[{"todo":{"added":{"abbreviation":"#) && added.body.contains(#""title":"buy milk""#))
        #expect(listed.status == 200 && listed.body.contains(#""listed""#) && listed.body.contains("buy milk"))
        #expect(unknown.status == 400)
        #expect(unknown.body.contains(#"\"flop\" is no command of coin; its commands are flip"#))
        #expect(failed.status == 422 && failed.body.contains("emptyTitle"))
        #expect(try place.list().map { $0["title"] as? String } == ["buy milk"])
        _ = server.stop()
    }

    /// A command nested deeper than JSON is read says so, not that it is no JSON; a bracket in a
    /// string is no level.
    @Test
    func aCommandNestedTooDeepIsSaidToBe() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        var filter = #"{"tag": {"_0": "[[[{{{"}}"#
        for _ in 0..<300 { filter = #"{"not": {"_0": \#(filter)}}"# }
        let command = #"{"todo": {"list": {"query": {"status": "open", "order": "created", "filter": \#(filter)}}}}"#
        let deep = try HTTPExchange.curl(
            server.base + "/api/commands",
            ["-X", "POST", "-H", "Content-Type: application/json", "--data", command])
        #expect(deep.status == 400)
        #expect(deep.body.contains("its JSON nests 606 levels deep, and is read to 512"), "\(deep.body)")
    }

    @Test
    func termEndsTheServerAtOnceWithLivePagesOpenAndTheStoreWhole() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let events = try EventStream(server.base + "/events")
        _ = events.read(until: "data: 0\n\n")
        _ = try server.post("/todos/add", ["words": "kept"])

        let started = Date()
        let stopped = server.stop(with: SIGTERM)

        #expect(stopped == 0)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try place.list().map { $0["title"] as? String } == ["kept"])
        events.close()
    }

    @Test
    func aTokenGivenInTheAddressLeadsBackToThisServerOnly() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let token = "correct-horse-battery-staple"
        let server = try WebServer(["--token", token], environment: place.environment)

        let elsewhere = try HTTPExchange.curl(server.base + "//evil.example/?token=\(token)", ["--path-as-is"])
        let backslash = try HTTPExchange.curl(server.base + "/%5Cevil.example/?token=\(token)", ["--path-as-is"])

        #expect(elsewhere.status == 303 && elsewhere.headers["location"] == "/")
        #expect(backslash.status == 303 && !(backslash.headers["location"] ?? "").hasPrefix("/\\"))
        _ = server.stop()
    }

    @Test
    func anErrorPageHasNoLivePartAndHeadIsAnsweredAsGet() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        #expect(try place.todo("add", "not on an error page").status == 0)
        let server = try WebServer([], environment: place.environment)

        let missing = try HTTPExchange.curl(server.base + "/no/such/page")
        let head = try HTTPExchange.curl(server.base + "/todos", ["-I"])

        #expect(missing.status == 404)
        #expect(!missing.body.contains("id=\"live\"") && !missing.body.contains("live.js"))
        #expect(!missing.body.contains("not on an error page"))
        #expect(head.status == 200 && head.body.isEmpty)
        _ = server.stop()
    }

    @Test(.slow)
    func namesAndOriginsThatOnlyStartLikeOursAreRefused() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let code = try server.formCode()
        let host = String(server.base.dropFirst("http://".count))

        for name in ["localhost:evil.example", "[::1]evil", "127.0.0.1.evil.example", "LOCALHOST.evil"] {
            #expect(try HTTPExchange.curl(server.base + "/todos", ["-H", "Host: \(name)"]).status == 421, "\(name)")
        }
        #expect(try HTTPExchange.curl(server.base + "/todos", ["-H", "Host: LocalHost"]).status == 200)
        for origin in ["https://\(host)", "http://\(host)/path", "http://\(host).evil.example"] {
            let posted = try server.post("/todos/add", ["words": "forged"], code: code, headers: ["Origin: \(origin)"])
            #expect(posted.status == 403, "\(origin)")
        }
        #expect(try place.list().isEmpty)
        _ = server.stop()
    }

    @Test
    func theAPIRefusesACommandOfMoreResultsThanOneAnswerHoldsBeforeTheCoreIsAsked() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let json = ["-X", "POST", "-H", "Content-Type: application/json; charset=utf-8", "--data"]

        let times = try HTTPExchange.curl(
            server.base + "/api/commands", json + [#"{"dice": {"roll": {"expression": "1d6", "times": 1000000}}}"#])
        let repeated = try HTTPExchange.curl(
            server.base + "/api/commands", json + [#"{"dice": {"roll": {"expression": "100x 1d6", "times": 11}}}"#])
        let allowed = try HTTPExchange.curl(
            server.base + "/api/commands", json + [#"{"dice": {"roll": {"expression": "10x 1d6", "times": 100}}}"#])
        let manyDice = try HTTPExchange.curl(
            server.base + "/api/commands",
            json + [#"{"dice": {"roll": {"expression": "10000d1000000", "times": 1000}}}"#])
        let rolledCount = try HTTPExchange.curl(
            server.base + "/api/commands", json + [#"{"dice": {"roll": {"expression": "(1d4)d6 + 1d8", "times": 11}}}"#]
        )
        let tallied = try HTTPExchange.curl(
            server.base + "/api/commands", json + [#"{"dice": {"tally": {"expression": "100d6", "times": 1000}}}"#])
        let jsonish = try HTTPExchange.curl(
            server.base + "/api/commands",
            ["-X", "POST", "-H", "Content-Type: application/jsonx", "--data", #"{"coin": {"flip": {"count": 1}}}"#])

        #expect(times.status == 422 && times.body.contains("asks for 1000000 dice results"))
        #expect(repeated.status == 422 && repeated.body.contains("asks for 1100 dice results"))
        #expect(allowed.status == 200)
        #expect(manyDice.status == 422 && manyDice.body.contains("asks for 10000000 dice shown"), "\(manyDice.body)")
        #expect(rolledCount.status == 422 && rolledCount.body.contains("asks for 110000 dice shown"))
        #expect(tallied.status == 200, "a tally shows no dice: \(tallied.body)")
        #expect(jsonish.status == 415)
        let history = try ProgramRun.of("dice", ["history", "--json"], environment: place.environment).stdout
        #expect(history.components(separatedBy: "\"expression\"").count == 2, "one roll kept: \(history)")
        _ = server.stop()
    }

    @Test
    func aPageOfAnotherSiteGetsNoDistributionWeighed() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)

        let ours = try HTTPExchange.curl(server.base + "/dice?expression=3d6", ["-H", "Sec-Fetch-Site: same-origin"])
        let theirs = try HTTPExchange.curl(server.base + "/dice?expression=3d6", ["-H", "Sec-Fetch-Site: cross-site"])

        #expect(ours.body.contains("<figure class=\"chart\">"))
        #expect(!theirs.body.contains("<figure class=\"chart\">") && theirs.body.contains("Press Roll"))
        #expect(ours.body.contains("data-source=\"/dice\""))
        _ = server.stop()
    }

    @Test
    func aLinkOnAnotherSitesPageListsWithItsFilterInTheBoxNotApplied() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        #expect(try place.todo("add", "buy milk +errands").status == 0)
        #expect(try place.todo("add", "call mum").status == 0)
        let server = try WebServer([], environment: place.environment)
        let address = server.base + "/todos?filter=%2Berrands"

        let ours = try HTTPExchange.curl(address, ["-H", "Sec-Fetch-Site: same-origin"])
        let typed = try HTTPExchange.curl(address, ["-H", "Sec-Fetch-Site: none"])
        let theirs = try HTTPExchange.curl(address, ["-H", "Sec-Fetch-Site: cross-site"])

        for filtered in [ours, typed] {
            #expect(filtered.body.contains("buy milk") && !filtered.body.contains("call mum"))
        }
        #expect(theirs.status == 200)
        #expect(theirs.body.contains("buy milk") && theirs.body.contains("call mum"))
        #expect(theirs.body.contains("name=\"filter\" value=\"+errands\""))
        #expect(theirs.body.contains("press Filter to apply it"))
        #expect(!ours.body.contains("press Filter to apply it"))
        // Its live updates list what it shows: the whole list, not the filter it did not apply.
        #expect(theirs.body.contains("data-source=\"/todos\""))
        #expect(ours.body.contains("data-source=\"/todos?filter=%2Berrands\""))
        _ = server.stop()
    }

    @Test
    func aStoresPasswordNeverShowsAndAnAddressInUseIsSaid() throws {
        let secret = "s3cret-password"
        let refused = try ProgramRun.of(
            "web",
            ["--store", "postgres", "--data", "postgresql://me:\(secret)@127.0.0.1:1/none", "--listen", "127.0.0.1:0"])
        #expect(refused.status == 65)
        #expect(!refused.stderr.contains(secret))

        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let port = try #require(server.base.split(separator: ":").last)
        let taken = try ProgramRun.of("web", ["--listen", "127.0.0.1:\(port)"], environment: place.environment)
        #expect(taken.status == 69)
        #expect(taken.stderr == "Error: cannot listen on 127.0.0.1:\(port): another program listens there\n")
        #expect(taken.stderr.split(separator: "\n").count == 1)
        _ = server.stop()

        let malformed = try ProgramRun.of("web", ["--listen", "8080"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("--listen is HOST:PORT"))
        let weak = try ProgramRun.of("web", ["--token", "short"])
        #expect(weak.status == 64)
    }
}

/// A page's live stream, read as it comes over a socket of this test's own: no child process,
/// so no other test's child can inherit the stream (or hold one of its pipes open).
struct EventStream {
    private let socket: Int32

    init(_ url: String) throws {
        let (port, path) = try LoopbackHTTP.parts(of: url)
        socket = try LoopbackHTTP.connected(to: port)
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
    }

    /// Reads until what came holds `text`, or the stream ends (or stays silent a minute); returns all
    /// read so far, the response's head among it.
    func read(until text: String, after earlier: String = "") -> String {
        var read = earlier
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !read.contains(text) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            read += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return read
    }

    func close() { _ = Glibc.close(socket) }
}
