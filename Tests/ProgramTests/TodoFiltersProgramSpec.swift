import Foundation
import Testing

/// Filters typed after `todo list` and the commands that change several to-dos, as Taskwarrior
/// users type them. The clock is pinned at 2026-11-22 12:00 UTC, a Sunday.
@Suite("todo, filters")
struct TodoFiltersProgramSpec {
    func titles(_ place: TodoPlace, _ arguments: String...) throws -> [String] {
        let run = try ProgramRun.of("todo", ["list", "--json"] + arguments, environment: place.environment)
        let records = (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
        return records.compactMap { $0["title"] as? String }
    }

    @Test func listPicksByTheWordsAfterItBesideItsOptions() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("add", "buy milk", "+errands", "project:home", "due:today")
        _ = try place.todo("add", "buy bread", "+errands", "+someday", "due:fri")
        _ = try place.todo("add", "call bob", "@phone", "project:work.reports")
        #expect(try titles(place, "+errands", "project:home") == ["buy milk"])
        #expect(try titles(place, "+errands", "-someday") == ["buy milk"])
        #expect(try titles(place, "( project:work or due:today )") == ["buy milk", "call bob"])
        #expect(try titles(place, "due.before:eow") == ["buy milk"])
        #expect(try titles(place, "/BREAD|bob/", "--sort", "title") == ["buy bread", "call bob"])
        #expect(try titles(place, "+errands", "--tag", "someday") == ["buy bread"])
        let count = try place.todo("count", "+errands", "--json")
        #expect(count.stdout == "{\"count\":2}\n", "\(count.stderr)")
        #expect(try place.todo("+errands", "-someday", "count").stdout == "1\n")
        let ls = try place.todo("ls", "@phone")
        #expect(ls.status == 0 && ls.stdout.contains("call bob") && !ls.stdout.contains("milk"), "\(ls.stderr)")
    }

    @Test func aFilterThatCannotBeReadIsAUsageErrorOfOneLine() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("add", "buy milk")
        for words in [["/(milk/"], ["due.before:someday"], ["wait:fri"], ["(", "+a"]] {
            let run = try ProgramRun.of("todo", ["list"] + words, environment: place.environment)
            #expect(run.status == 64, "\(words)")
            #expect(run.stderr.hasPrefix("Error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let unknown = try place.todo("done", "zzzz")
        #expect(unknown.status == 1)
    }

    @Test func doneOfMoreThanAFewNeedsYesWhereNoOneCanBeAskedAndUndoesAsOne() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        for title in ["one", "two", "three", "four"] { _ = try place.todo("add", title, "+errands") }
        _ = try place.todo("add", "five")

        let refused = try place.todo("done", "+errands")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("picks 4 to-dos, more than 3: add --yes"), "\(refused.stderr)")
        #expect(try titles(place).count == 5, "nothing changed")

        let done = try place.todo("done", "+errands", "--yes")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try titles(place) == ["five"])
        #expect(try titles(place, "status:done") == ["one", "two", "three", "four"])

        let undone = try place.todo("undo")
        #expect(undone.status == 0)
        #expect(try titles(place).count == 5, "the four come back with one undo")

        let none = try place.todo("delete", "+nothing")
        #expect(none.status == 1 && none.stderr.contains("no to-do matches +nothing"))
    }

    @Test func editAndDeleteTakeAFilterAndTheirAliases() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("add", "buy milk", "+errands")
        _ = try place.todo("add", "buy bread", "+errands")
        _ = try place.todo("add", "call bob")
        let edited = try place.todo("edit", "+errands", "pri:H")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try titles(place, "pri:H") == ["buy milk", "buy bread"])
        let modified = try place.todo("modify", "/bob/", "+phone")
        #expect(modified.status == 0, "\(modified.stderr)")
        #expect(try titles(place, "+phone") == ["call bob"])
        let removed = try place.todo("rm", "+errands")
        #expect(removed.status == 0 && removed.stdout.hasPrefix("Deleted "), "\(removed.stderr)")
        #expect(try titles(place) == ["call bob"])
    }

    @Test func taskwarriorsOrderNamesTheToDosFirst() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("add", "buy milk", "+errands")
        _ = try place.todo("add", "call bob")
        let id = try #require(try place.list().first?["id"] as? String)
        let done = try place.todo(String(id.prefix(4)), "done")
        #expect(done.status == 0 && done.stdout.hasPrefix("Done "), "\(done.stderr)")
        let modified = try place.todo("/bob/", "-errands", "modify", "pri:L", "call robert")
        #expect(modified.status == 0, "\(modified.stderr)")
        #expect(try titles(place, "pri:L") == ["call robert"])
        let listed = try place.todo("status:done", "list")
        #expect(listed.stdout.contains("buy milk") && !listed.stdout.contains("robert"))
        let mistyped = try place.todo("lst")
        #expect(mistyped.status == 64 && mistyped.stderr.contains("did you mean 'list'?"))
    }
}
