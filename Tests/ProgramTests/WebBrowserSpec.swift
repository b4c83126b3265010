import Foundation
import Testing

/// `web` in a real browser: Chromium without a window, driven as a person uses the pages. Skipped,
/// with a message saying what to install, where there is no browser.
// One browser at a time: each is a few processes and 100 MB, and the machine may have two cores.
@Suite("web, in a browser", .enabled(if: Browser.isInstalled, Comment(rawValue: Browser.missing)), .slow, .serialized)
struct WebBrowserSpec {
    @Test
    func aToDoAddedInThePageShowsThereAndIsInTheStore() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let browser = try Browser()
        try browser.open(server.base + "/todos")

        try browser.type("water the plants +home due:today", into: "form.add input[name=words]")
        try browser.click("form.add button")

        #expect(try browser.waitFor(5) { try browser.text("#live").contains("water the plants") }.came)
        #expect(try browser.text("tr.today .mark") == "due today")
        #expect(try browser.run("return document.querySelector('form.add input[name=words]').value") as? String == "")
        let stored = try place.list()
        #expect(stored.map { $0["title"] as? String } == ["water the plants"])
        #expect(stored.first?["tags"] as? [String] == ["home"])
        _ = server.stop()
    }

    @Test(arguments: ["sqlite", "disk"])
    func aToDoAddedByAnotherProgramAppearsInTheOpenPageWithinASecondAndWhatIsTypedStays(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let browser = try Browser()
        try browser.open(server.base + "/todos")
        _ = try browser.waitFor(5) { try browser.text("#live").contains("Nothing to do") }
        try browser.type("half-typed", into: "form.add input[name=words]")
        // The page's live stream is open before the change is made.
        _ = try browser.waitFor(5) { (try browser.run("return document.readyState") as? String) == "complete" }
        usleep(300_000)

        #expect(try place.todo("add", "from the terminal").status == 0)
        let shown = try browser.waitFor(3) { try browser.text("#live").contains("from the terminal") }

        #expect(shown.came)
        #expect(shown.after < 1, "shown after \(shown.after) s")
        #expect(
            try browser.run("return document.querySelector('form.add input[name=words]').value") as? String
                == "half-typed")
        _ = server.stop()
    }

    @Test
    func aRollShowsEveryDieAndTheExactDistributionAsAChart() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer(["--seed", "7"], environment: place.environment)
        let browser = try Browser()
        try browser.open(server.base + "/dice")

        try browser.type("4d6kh3 [strength]", into: "form.add input[name=expression]")
        try browser.click("form.add button")

        #expect(try browser.waitFor(5) { try browser.count(".rolled .die") == 4 }.came)
        #expect(try browser.count(".rolled .die.dropped") == 1)
        #expect(try browser.count("figure.chart svg rect.bar") == 16)
        #expect(try browser.text("figure.chart figcaption").contains("mean 12.24"))
        #expect(try browser.text("#live").contains("4d6kh3 [strength]"))
        let total = try browser.text(".rolled .total")
        let history = try ProgramRun.of("dice", ["history", "--json"], environment: place.environment).stdout
        #expect(history.contains("\"totals\":[\(total)]"), "\(history)")
        _ = server.stop()
    }

    @Test
    func storedTextRunsNoScriptInThePage() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let hostile = ["<img src=x onerror=\"document.title='pwned'\">", "<script>document.title='pwned'</script>"]
        for title in hostile { #expect(try place.todo("add", "--", title).status == 0) }
        let server = try WebServer([], environment: place.environment)
        let browser = try Browser()

        try browser.open(server.base + "/todos")
        usleep(500_000)

        #expect(try browser.run("return document.title") as? String == "To-dos · AppCore")
        #expect(try browser.count("#live img") == 0 && browser.count("#live script") == 0)
        let titles = try browser.run("return [...document.querySelectorAll('td.title')].map(e => e.textContent)")
        #expect((titles as? [String]).map(Set.init) == Set(hostile))
        _ = server.stop()
    }

    @Test
    func aFormPostedByAPageOfAnotherOriginAddsNothing() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let server = try WebServer([], environment: place.environment)
        let browser = try Browser()
        // A page of another site, with no policy of ours: here a blank page, whose origin is no
        // site's, posting one of our forms with the code it was somehow given.
        let code = try server.formCode()
        try browser.open("about:blank")
        _ = try browser.run(
            """
            var form = document.createElement('form');
            form.method = 'post';
            form.action = '\(server.base)/todos/add';
            for (var [name, value] of [['form', '\(code)'], ['words', 'forged']]) {
              var input = document.createElement('input'); input.name = name; input.value = value; form.appendChild(input);
            }
            document.body.appendChild(form);
            form.submit();
            return true;
            """)

        #expect(try browser.waitFor(5) { try browser.text(".notice").contains("another site") }.came)
        #expect(try place.list().isEmpty)
        try browser.open(server.base + "/todos")
        try browser.type("mine", into: "form.add input[name=words]")
        try browser.click("form.add button")
        #expect(try browser.waitFor(5) { try browser.text("#live").contains("mine") }.came)
        #expect(try place.list().map { $0["title"] as? String } == ["mine"])
        _ = server.stop()
    }

    /// With `APPCORE_SCREENSHOTS=FOLDER`, each page as README shows it, taken by this run.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["APPCORE_SCREENSHOTS"] != nil))
    func eachPageAsReadmeShowsIt() throws {
        let folder = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["APPCORE_SCREENSHOTS"]))
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for words in [
            ["add", "buy milk", "+errands", "@store", "due:2026-11-22"],
            ["add", "call Bob", "due:2026-11-20", "pri:H"],
            ["add", "file taxes", "project:admin", "due:2026-12-31"], ["add", "water the plants", "+home"],
        ] {
            _ = try ProgramRun.of("todo", words, environment: place.environment)
        }
        _ = try ProgramRun.of("todo", ["start", "+home"], environment: place.environment)
        _ = try ProgramRun.of("coin", ["flip", "-n", "5", "--seed", "3"], environment: place.environment)
        _ = try ProgramRun.of("coin", ["eightball", "Will it ship?", "--seed", "3"], environment: place.environment)
        _ = try ProgramRun.of("dice", ["deck", "draw", "5", "--seed", "3"], environment: place.environment)
        let server = try WebServer(["--seed", "11"], environment: place.environment)
        let browser = try Browser()
        try browser.open(server.base + "/dice")
        try browser.type("2d6+3 [slashing] + 1d6 [fire] # longsword", into: "form.add input[name=expression]")
        try browser.click("form.add button")
        _ = try browser.waitFor(5) { try browser.count(".rolled .die") > 0 }
        try browser.screenshot().write(to: folder.appendingPathComponent("web-dice.png"))
        for page in ["todos", "coin", "deck"] {
            try browser.open(server.base + "/" + page)
            usleep(300_000)
            try browser.screenshot().write(to: folder.appendingPathComponent("web-\(page).png"))
        }
        _ = server.stop()
    }
}

/// The to-do page at a phone's width and a watch's: nothing scrolls sideways, and each row's
/// buttons say which to-do they act on.
@Suite(
    "web, on a small screen", .enabled(if: Browser.isInstalled, Comment(rawValue: Browser.missing)), .slow, .serialized)
struct WebSmallScreenSpec {
    @Test(arguments: [390, 200])
    func theToDoPageFitsTheScreensWidth(_ width: Int) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for words in [
            [
                "write", "the", "quarterly", "report", "for", "the", "board", "project:work.reports", "+q4",
                "due:2026-11-20",
            ],
            ["call", "mum", "+family", "@phone", "due:2026-11-22", "pri:H"],
            ["https://example.org/a/very/long/address/that/does/not/break"],
        ] {
            #expect(try place.todo(["add"] + words).status == 0)
        }
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let browser = try Browser()
        try browser.emulate(width: width)
        for path in ["/todos", "/todos?filter=%2Bfamily", "/dice", "/coin", "/deck"] {
            try browser.open(server.base + path)
            let wide = try browser.run("return document.documentElement.scrollWidth") as? Int ?? -1
            #expect(wide <= width, "\(path) is \(wide) px wide at \(width)")
        }
        try browser.open(server.base + "/todos")
        let labels = try browser.run(
            "return Array.from(document.querySelectorAll('td.actions button')).map(b => b.getAttribute('aria-label'))")
        #expect((labels as? [String])?.contains("Done: call mum") == true, "\(labels)")
        #expect((labels as? [String])?.contains("Delete: call mum") == true, "\(labels)")
        #expect(
            try browser.run("return document.activeElement.name") as? String == "words", "the new to-do's box has focus"
        )
    }
}
