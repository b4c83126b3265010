import Foundation
import Testing

/// The detail page edits a to-do in place: a box for each of its title, project, tags, contexts,
/// due and priority, filled with what it has; what is sent is what it has after, a box emptied
/// clearing its field, and fields without a box left as they were.
@Suite("web, a to-do edited in place")
struct WebEditInPlaceSpec {
    /// The one to-do's fields as `todo list --json` gives them.
    func only(_ place: TodoPlace) throws -> [String: Any] {
        try #require(try place.list("--all").first)
    }

    @Test func theFormIsFilledWithWhatTheToDoHasAndSavingItSetsEachField() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo(
            "add", "pay rent", "+home", "+bills", "@desk", "project:flat", "due:2026-12-24 17:30", "pri:H",
            "wait:2026-12-20")
        let id = try #require(try only(place)["id"] as? String)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let page = try HTTPExchange.curl(server.base + "/todos/\(id)").body
        for (name, value) in [
            ("title", "pay rent"), ("project", "flat"), ("tags", "bills home"), ("contexts", "desk"),
            ("due", "2026-12-24 17:30"), ("priority", "H"),
        ] {
            #expect(page.contains("<input name=\"\(name)\" value=\"\(value)\""), "\(name)")
        }
        let saved = try server.post(
            "/todos/\(id)/update",
            [
                "title": "pay the rent", "project": "", "tags": "home +urgent", "contexts": "desk @town",
                "due": "2026-12-28", "priority": "B",
            ])
        #expect(saved.status == 303 && saved.headers["location"] == "/todos/\(id)", "\(saved.status) \(saved.body)")
        let item = try only(place)
        #expect(item["title"] as? String == "pay the rent")
        #expect(item["project"] is NSNull, "an emptied box clears its field")
        #expect(item["tags"] as? [String] == ["home", "urgent"], "a tag taken out of the box is taken off")
        #expect(item["contexts"] as? [String] == ["desk", "town"])
        #expect(item["due"] as? String == "2026-12-28" && item["dueTime"] is NSNull)
        #expect(item["priority"] as? String == "medium")
        #expect(item["wait"] is String, "a field without a box stays")
    }

    /// A box sent as it was filled changes nothing: what another program changed since the page
    /// was loaded stays, and a box not sent at all leaves its field as it is.
    @Test func onlyTheBoxesChangedSinceThePageWasFilledChangeTheirFields() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "pay rent", "+one", "+two", "project:p", "due:2026-12-20")
        let id = try #require(try place.list().first?["id"] as? String)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let page = try HTTPExchange.curl(server.base + "/todos/\(id)").body
        var sent: [String: String] = [:]
        for match in page.matches(
            of:
                #/<input (?:type="hidden" )?name="((?:was-)?(?:title|project|tags|contexts|due|priority))" value="([^"]*)"/#
        ) {
            sent[String(match.output.1)] = String(match.output.2)
        }
        #expect(sent.count == 12, "\(sent)")
        _ = try place.todo("edit", id, "-two", "+three", "project:q", "due:2026-12-25")
        sent["title"] = "pay the rent"
        #expect(try server.post("/todos/\(id)/update", sent).status == 303)
        var item = try #require(try place.list().first)
        #expect(item["title"] as? String == "pay the rent")
        #expect(item["tags"] as? [String] == ["one", "three"] && item["project"] as? String == "q")
        #expect(item["due"] as? String == "2026-12-25")
        // Sent alone, the title changes the title and nothing else.
        #expect(try server.post("/todos/\(id)/update", ["title": "pay rent"]).status == 303)
        item = try #require(try place.list().first)
        #expect(item["title"] as? String == "pay rent" && item["due"] as? String == "2026-12-25")
        #expect(item["tags"] as? [String] == ["one", "three"] && item["project"] as? String == "q")
        // A form that changes nothing sends nothing: the journal has no line for it.
        let journal = try place.todo("journal").stdout
        #expect(try server.post("/todos/\(id)/update", ["title": "pay rent", "tags": "one three"]).status == 303)
        #expect(try place.todo("journal").stdout == journal)
    }

    /// A tag or context is added and taken off as itself, whatever it starts with.
    @Test func aLabelTakenOutOfItsBoxIsTakenOffWhateverItStartsWith() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "pay rent", "+keep")
        let id = try #require(try place.list().first?["id"] as? String)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        #expect(try server.post("/todos/\(id)/update", ["tags": "keep @y x-z", "contexts": "@desk"]).status == 303)
        var item = try #require(try place.list().first)
        #expect(item["tags"] as? [String] == ["@y", "keep", "x-z"] && item["contexts"] as? [String] == ["desk"])
        #expect(try server.post("/todos/\(id)/update", ["tags": "keep", "contexts": ""]).status == 303)
        item = try #require(try place.list().first)
        #expect(item["tags"] as? [String] == ["keep"] && item["contexts"] as? [String] == [])
    }

    @Test func aBoxThatCannotBeReadChangesNothingAndKeepsWhatWasTyped() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "pay rent", "+home", "due:2026-12-24")
        let before = try place.todo("list", "--all", "--json").stdout
        let id = try #require(try only(place)["id"] as? String)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let refused = try server.post(
            "/todos/\(id)/update", ["title": "pay the rent", "tags": "home", "due": "someday", "priority": ""])
        #expect(refused.status == 400 && refused.body.contains("due: &quot;someday&quot; is not a date"))
        #expect(refused.body.contains("<input name=\"title\" value=\"pay the rent\""))
        #expect(refused.body.contains("<input name=\"due\" value=\"someday\""))
        #expect(try place.todo("list", "--all", "--json").stdout == before)
    }
}

/// The detail page annotates a to-do, and takes each annotation off by a button of its own, as
/// `todo annotate` and `todo denotate` do.
@Suite("web, annotations")
struct WebAnnotationSpec {
    @Test func anAnnotationIsAddedAndTakenOffByItsOwnButton() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "call the bank")
        let id = try #require(try place.list().first?["id"] as? String)
        #expect(try place.todo("annotate", id, "asked for Sam").status == 0)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let added = try server.post("/todos/\(id)/annotate", ["annotation": "left a <message>"])
        #expect(added.status == 303 && added.headers["location"] == "/todos/\(id)", "\(added.status) \(added.body)")
        let notes = { () throws -> [String] in
            let item = try #require(try place.list().first)
            return ((item["annotations"] as? [[String: Any]]) ?? []).compactMap { $0["description"] as? String }
        }
        #expect(try notes() == ["asked for Sam", "left a <message>"])
        let page = try HTTPExchange.curl(server.base + "/todos/\(id)").body
        #expect(page.contains("aria-label=\"Remove: left a &lt;message&gt;\""), "named for it, escaped")
        let removed = try server.post("/todos/\(id)/denotate", ["annotation": "asked for Sam"])
        #expect(removed.status == 303)
        #expect(try notes() == ["left a <message>"])
        let empty = try server.post("/todos/\(id)/annotate", ["annotation": "  "])
        #expect(empty.status == 400 && empty.body.contains("class=\"notice\""))
        #expect(try notes() == ["left a <message>"])
    }
}
