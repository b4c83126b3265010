import Foundation
import Testing

/// `todo context`: filters saved in the store by name, one in use, applied by every listing and
/// report of every program that opens the store, and said in their first line.
@Suite("todo context, the program")
struct TodoContextProgramSpec {
    /// A store of three to-dos: one at work, one at the office, one errand (no title the web page's own words hold).
    func place(_ store: String) throws -> TodoPlace {
        let place = try TodoPlace(store)
        for words in [["report", "project:work"], ["mail", "+office"], ["bread", "+errands"]] {
            #expect(try place.todo(["add"] + words).status == 0)
        }
        return place
    }

    func titles(_ run: ProgramRun) throws -> [String] {
        #expect(run.status == 0, "\(run.stderr)")
        let records = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        return records.compactMap { $0["title"] as? String }
    }

    @Test(arguments: ["sqlite", "disk"])
    func everyListingAndReportIsInsideTheContextInUseAndSaysSoFirst(_ store: String) throws {
        let place = try place(store)
        defer { place.remove() }
        let defined = try place.todo("context", "define", "work", "project:work", "or", "+office")
        #expect(defined.status == 0 && defined.stdout.contains("context work: project:work or +office"))
        // Defined, not yet in use: every to-do.
        #expect(try titles(place.todo("list", "--json")) == ["report", "mail", "bread"])
        let bread = try place.list().first { $0["title"] as? String == "bread" }?["id"] as? String ?? ""
        #expect(try place.todo("context", "work").status == 0)

        let listed = try place.todo("list")
        #expect(listed.stdout.split(separator: "\n").first == "context work: project:work or +office")
        #expect(listed.stdout.contains("report") && listed.stdout.contains("mail") && !listed.stdout.contains("bread"))
        // The listing's own words pick among the context's.
        #expect(try titles(place.todo("list", "+office", "--json")) == ["mail"])
        // JSON and a count stay what a script reads; the context is said on stderr.
        let json = try place.todo("list", "--json")
        #expect(try titles(json) == ["report", "mail"])
        #expect(json.stderr == "context work: project:work or +office\n")
        let count = try place.todo("count")
        #expect(count.stdout == "2\n" && count.stderr == "context work: project:work or +office\n")
        let projects = try place.todo("projects")
        #expect(projects.stdout.hasPrefix("context work: project:work or +office\n"))
        #expect(projects.stdout.contains("work") && projects.stdout.contains("(none)      1"), "\(projects.stdout)")
        // A change acts on what its words name, inside the context or not.
        #expect(try place.todo("done", bread).status == 0)

        #expect(try place.todo("context", "none").stdout == "No context in use: listings show every to-do.\n")
        let all = try place.todo("list", "--all")
        #expect(!all.stdout.contains("context work") && all.stdout.contains("bread"))
    }

    @Test func aContextThatIsNotThereOrWordsThatAreNoFilterAreRefusedInOneLineChangingNothing() throws {
        let place = try place("sqlite")
        defer { place.remove() }
        let unknown = try place.todo("context", "work")
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(
            unknown.stderr
                == "Error: there is no context work, nor any other: `todo context define work FILTER` makes one\n")
        let bad = try place.todo("context", "define", "work", "due:someday")
        #expect(bad.status == 64 && bad.stderr.hasPrefix("Error: a context's words must make a filter: due:"))
        #expect(bad.stderr.split(separator: "\n").count == 1)
        // A word that is nothing else reads as an id: a typo of `or`, refused, never kept.
        let typo = try place.todo("context", "define", "work", "+office", "xor", "project:work")
        #expect(typo.status == 64 && typo.stderr.hasPrefix("Error: a context's words must make a filter: xor reads as"))
        let reserved = try place.todo("context", "define", "list", "+x")
        #expect(reserved.status == 64)
        #expect(try place.todo("context", "list").stdout == "No contexts: todo context define NAME FILTER makes one.\n")
        #expect(try place.todo("list").stdout.split(separator: "\n").count == 3)
    }

    @Test func contextsAreListedWithTheOneInUseMarkedAndDeletingItPutsNoneInUse() throws {
        let place = try place("sqlite")
        defer { place.remove() }
        _ = try place.todo("context", "define", "work", "project:work")
        _ = try place.todo("context", "define", "errands", "+errands")
        _ = try place.todo("context", "errands")
        #expect(try place.todo("context", "list").stdout == "* errands  +errands\n  work     project:work\n")
        #expect(try place.todo("context", "show").stdout == "context errands: +errands\n")
        let deleted = try place.todo("context", "delete", "errands")
        #expect(deleted.stdout == "Deleted context errands; no context is in use now\n")
        #expect(try place.todo("context", "show").stdout == "No context in use.\n")
    }

    /// A store written before contexts were kept opens with none, takes one, and keeps it.
    @Test(arguments: ["disk", "sqlite"])
    func aStoreWrittenBeforeContextsTakesOne(_ store: String) throws {
        let fixtures = PriorityLettersFixtureSpec.fixtures
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appcore-contexts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        where name.hasPrefix("\(store).store") {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let environment = [
            "APPCORE_STORE": store, "APPCORE_DATA": folder.appendingPathComponent("\(store).store").path,
            "APPCORE_NOW": "2026-11-24T12:00:00.000Z", "TZ": "UTC",
        ]
        let todo = { (arguments: [String]) in try ProgramRun.of("todo", arguments, environment: environment) }
        #expect(try todo(["context", "show"]).stdout == "No context in use.\n")
        #expect(try todo(["context", "define", "home", "+home"]).status == 0)
        #expect(try todo(["context", "home"]).status == 0)
        #expect(try titles(todo(["list", "--json"])) == ["tidy the shed"])
        #expect(try titles(todo(["list", "--all", "--json"])).count == 1)
    }

    @Test func theWebPageListsInsideTheContextAndSaysIt() throws {
        let place = try place("sqlite")
        defer { place.remove() }
        _ = try place.todo("context", "define", "work", "project:work", "or", "+office")
        _ = try place.todo("context", "work")
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let page = try HTTPExchange.curl(server.base + "/todos").body
        #expect(page.contains("<div class=\"context row\"><p>context work: project:work or +office</p>"))
        #expect(page.contains("report") && page.contains("mail") && !page.contains("bread"))
        let filtered = try HTTPExchange.curl(server.base + "/todos?filter=%2Boffice").body
        #expect(filtered.contains("mail") && !filtered.contains("report"))
        // The API's commands are the core's own; it tells which context is in use.
        let asked = try HTTPExchange.curl(
            server.base + "/api/commands",
            ["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"todoContext": {"current": {}}}"#])
        #expect(asked.body.contains(#"{"name":"work","words":["project:work","or","+office"]}"#), "\(asked.body)")
    }

    /// The banner's button leaves the context, as `todo context none` does: every to-do is listed.
    @Test func theWebPagesBannerLeavesTheContext() throws {
        let place = try place("sqlite")
        defer { place.remove() }
        _ = try place.todo("context", "define", "work", "project:work")
        _ = try place.todo("context", "work")
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let left = try server.post("/todos/context/none", [:])
        #expect(left.status == 303 && left.headers["location"] == "/todos", "\(left.status) \(left.body)")
        let page = try HTTPExchange.curl(server.base + "/todos").body
        #expect(!page.contains("class=\"context row\"") && page.contains("bread") && page.contains("report"))
        #expect(try place.todo("context", "show").stdout == "No context in use.\n")
        #expect(try place.todo("context", "list").stdout.contains("work"), "the context is left, not deleted")
    }
}
