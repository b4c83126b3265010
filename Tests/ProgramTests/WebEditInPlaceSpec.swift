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
