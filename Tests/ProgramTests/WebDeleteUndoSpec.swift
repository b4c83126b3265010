import Foundation
import Testing

/// A Delete on the web page says what it took, with an Undo beside it that brings it back, for as
/// long as the delete is the last thing done to the to-dos.
@Suite("web, a delete said with its undo")
struct WebDeleteUndoSpec {
    @Test func aDeleteIsSaidWithAnUndoThatBringsTheToDoBack() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "pay rent")
        _ = try place.todo("add", "buy <milk>")
        let milk = try #require(try place.list().last?["id"] as? String)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let deleted = try server.post("/todos/\(milk)/delete", [:])
        #expect(deleted.status == 303 && deleted.headers["location"] == "/todos?deleted=\(milk)")
        let page = try HTTPExchange.curl(server.base + "/todos?deleted=\(milk)").body
        #expect(page.contains("<div class=\"said row\" role=\"status\"><p>Deleted “buy &lt;milk&gt;”.</p>"))
        #expect(page.contains("aria-label=\"Undo the delete of buy &lt;milk&gt;\""))
        #expect(try place.list().map { $0["title"] as? String } == ["pay rent"])
        #expect(try server.post("/todos/undo", [:]).status == 303)
        #expect(try place.list().map { $0["title"] as? String } == ["pay rent", "buy <milk>"])
        // Undone, the delete is no longer the last thing done: nothing is said, no Undo offered.
        #expect(!(try HTTPExchange.curl(server.base + "/todos?deleted=\(milk)").body.contains("class=\"said")))
    }

    @Test func anAddressOfADeleteThatIsNotTheLastThingDoneSaysNothing() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "pay rent")
        let rent = try #require(try place.list().first?["id"] as? String)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        _ = try server.post("/todos/\(rent)/delete", [:])
        _ = try place.todo("add", "call mum")
        for address in ["/todos?deleted=\(rent)", "/todos?deleted=nothing", "/todos?deleted=%3Cb%3E"] {
            #expect(!(try HTTPExchange.curl(server.base + address).body.contains("class=\"said")), "\(address)")
        }
    }
}
