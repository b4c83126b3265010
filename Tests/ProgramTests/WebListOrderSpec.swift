import Foundation
import Testing

/// The web list in the order chosen, most urgent first unless asked otherwise, fifty rows a page,
/// with how many there are and links to the pages before and after.
@Suite("web, the list's order and pages")
struct WebListOrderSpec {
    /// The titles of the rows, in the page's order.
    func titles(_ page: String) -> [String] {
        page.components(separatedBy: "<td class=\"title\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func theMostUrgentComeFirstUnlessAnotherOrderIsChosen() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for words in [
            ["later"], ["soon", "due:2026-11-24"], ["urgent", "due:2026-11-15", "pri:H"], ["old", "+next"],
        ] {
            #expect(try place.todo(["add"] + words).status == 0)
        }
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        // As todo next ranks them: +next 15, overdue and high 18, due in two days, then the rest.
        let next = try place.todo("next", "--json")
        let ranked = (try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [[String: Any]] ?? [])
            .compactMap { $0["title"] as? String }
        #expect(titles(try HTTPExchange.curl(server.base + "/todos").body) == ranked)
        #expect(ranked.first == "urgent")
        #expect(
            titles(try HTTPExchange.curl(server.base + "/todos?sort=created").body) == [
                "later", "soon", "urgent", "old",
            ])
        #expect(
            titles(try HTTPExchange.curl(server.base + "/todos?sort=due").body) == ["urgent", "soon", "later", "old"])
        let chosen = try HTTPExchange.curl(server.base + "/todos?sort=due").body
        #expect(chosen.contains("<option value=\"due\" selected>due</option>"))
    }

    @Test func fiftyRowsAPageWithTheCountAndLinksToTheOthers() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let lines = (1...120).map { "task \($0)" }.joined(separator: "\n") + "\n"
        let file = place.folder.appendingPathComponent("tasks.txt")
        try Data(lines.utf8).write(to: file)
        #expect(try place.todo("import", file.path, "--format", "todotxt").status == 0)
        let server = try WebServer([], environment: place.environment)
        defer { _ = server.stop() }
        let first = try HTTPExchange.curl(server.base + "/todos?sort=created").body
        #expect(titles(first) == (1...50).map { "task \($0)" })
        #expect(first.contains("1–50 of 120 to-dos"))
        #expect(
            first.contains("<a href=\"/todos?sort=created&amp;page=2\" rel=\"next\">Next</a>"), "\(first.suffix(600))")
        #expect(!first.contains("rel=\"prev\""))
        let last = try HTTPExchange.curl(server.base + "/todos?sort=created&page=3").body
        #expect(titles(last) == (101...120).map { "task \($0)" } && last.contains("101–120 of 120 to-dos"))
        #expect(last.contains("rel=\"prev\"") && !last.contains("rel=\"next\""))
        // A page past the last is the last.
        #expect(titles(try HTTPExchange.curl(server.base + "/todos?sort=created&page=99").body) == titles(last))
        // Under fifty, no pages.
        let few = try HTTPExchange.curl(server.base + "/todos?filter=%2Fask+1%24%2F").body
        #expect(!few.contains("class=\"pages\""))
    }
}
