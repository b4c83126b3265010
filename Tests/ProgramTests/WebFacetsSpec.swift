import Foundation
import Testing

/// The list page names the projects and tags of the open to-dos, with how many each has, and
/// each is a link to the list of them: the same to-dos `todo list` gives for the same filter.
@Suite("web, projects and tags to pick from")
struct WebFacetsSpec {
    @Test func eachProjectAndTagIsCountedAndItsLinkListsWhatTodoListLists() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for words in [
            ["fix the build", "project:work", "+cli"], ["write report", "project:work.reports", "+cli", "+health"],
            ["paint the door", "project:bob's home"], ["read"], ["old one", "+cli", "project:gone"],
            ["quote", "+a\"b", "project:it's"], ["bracket", "+a)"],
        ] {
            _ = try place.todo(["add"] + words)
        }
        _ = try place.todo("done", try #require(try place.list("project:gone").first?["id"] as? String))
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        // On a page of every to-do, the links still list the open ones they count.
        let page = try HTTPExchange.curl(server.base + "/todos?show=all").body
        let facets = try #require(page.firstMatch(of: #/<nav class="facets".*?</nav>/#).map { String($0.output) })
        let links = facets.matches(of: #/<a href="([^"]+)">([^<]+)</a> <span class="count">(\d+)</span>/#)
        let shown = links.map { "\($0.output.2) \($0.output.3)" }
        // Open to-dos alone are counted: the done one's project is not there, nor its +cli.
        #expect(
            shown == [
                "bob&#39;s home 1", "it&#39;s 1", "work 2", "work.reports 1", "+a&quot;b 1", "+cli 2", "+health 1",
            ],
            "\(shown)")
        // A tag the filter box cannot read back as itself is named and counted, never linked.
        #expect(facets.contains("+a) <span class=\"count\">1</span>") && !facets.contains(">+a)</a>"))
        for link in links {
            let address = String(link.output.1).replacingOccurrences(of: "&amp;", with: "&")
            #expect(!address.contains("show="), "the counts are of open to-dos, and so is the list")
            let listed = try HTTPExchange.curl(server.base + address).body
            let rows = listed.matches(of: #/<td class="title">([^<]+)</td>/#).map { String($0.output.1) }
            let filter = try #require(
                URLComponents(string: address)?.queryItems?.first { $0.name == "filter" }?.value)
            // One word, quoted where it holds a space, as the shell gives it without its quotes.
            let quoted = filter.first == "'" || filter.first == "\""
            let words = [quoted ? String(filter.dropFirst().dropLast()) : filter]
            let expected = try place.list(words).compactMap { $0["title"] as? String }
            #expect(rows.sorted() == expected.sorted(), "\(filter)")
            #expect(rows.count == Int(link.output.3), "\(filter) lists as many as it counts")
        }
    }

    @Test func withNoProjectOrTagThereIsNothingToPick() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "read")
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        #expect(!(try HTTPExchange.curl(server.base + "/todos").body.contains("class=\"facets\"")))
    }
}
