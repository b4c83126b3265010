import Foundation
import Testing

/// A recurring to-do as a person meets it: `recur:` and `--recur` set it, `list` and `show` show it,
/// `done` says the next one's id and due day, `undo` takes both back, and bad input is one line.
/// The clock is pinned at 2026-11-22 12:00 UTC, a Sunday.
@Suite("todo, recurring to-dos")
struct TodoRecurrenceProgramSpec {
    @Test func doneSaysTheNextOnesIdAndDueDayAndUndoTakesBothBack() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let added = try place.todo("add", "pay rent", "due:2026-01-31", "recur:monthly", "+home")
        #expect(added.stdout.hasSuffix("[ ] pay rent  due 2026-01-31 overdue recur:monthly +home\n"), "\(added.stderr)")
        let id = try #require(try place.list().first?["id"] as? String)

        let done = try place.todo("done", id)
        #expect(done.status == 0, "\(done.stderr)")
        let next = try #require(try place.list().first)
        let nextID = try #require(next["id"] as? String)
        #expect(next["due"] as? String == "2026-02-28" && next["recur"] as? String == "monthly on day 31")
        #expect(
            done.stdout == "Done \(id.prefix(4)) [x] pay rent  due 2026-01-31 recur:monthly +home\n"
                + "Next \(nextID.prefix(4)) [ ] pay rent  due 2026-02-28 overdue recur:monthly +home\n")

        let shown = try place.todo("show", nextID)
        #expect(shown.stdout.contains("\nrecur     monthly on day 31\n"))
        let third = try place.todo("done", nextID, "--json")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [[String: Any]])
        #expect(records.map { $0["due"] as? String } == ["2026-02-28", "2026-03-31"])
        #expect(records.map { $0["completed"] as? Bool } == [true, false])

        _ = try place.todo("undo")
        #expect(try place.list().compactMap { $0["id"] as? String } == [nextID])
        #expect(try place.list("--all").count == 2)
    }

    @Test func untilEndsTheChainAndDoneSaysSo() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "stretch", "due:2026-11-21", "recur:3d", "until:2026-11-23")
        let id = try #require(try place.list().first?["id"] as? String)
        let done = try place.todo("done", id)
        #expect(done.stdout.hasSuffix("\(id.prefix(4)) recurs no more: the next would be due past its until\n"))
        #expect(try place.list().isEmpty && place.list("--all").count == 1)
    }

    @Test func editTakesTheRecurrenceAsAWordOrAnOptionAndListFiltersByIt() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "water", "--due", "mon", "--recur", "2w")
        _ = try place.todo("add", "stretch", "--due", "mon")
        let stretch = try #require(try place.list().last?["id"] as? String)
        #expect(try place.todo("edit", stretch, "recur:weekdays").status == 0)
        #expect(try place.list("recur:weekdays").compactMap { $0["title"] as? String } == ["stretch"])
        #expect(try place.list("recur:any").count == 2)
        #expect(try place.todo("edit", stretch, "--recur", "none").status == 0)
        #expect(try place.list("recur:").compactMap { $0["title"] as? String } == ["stretch"])
        #expect(try place.list("recur:2w").compactMap { $0["title"] as? String } == ["water"])
    }

    @Test(arguments: [
        ["add", "x", "recur:fortnightly", "due:mon"], ["add", "x", "--recur", "0d", "--due", "mon"],
        ["list", "recur:often"],
    ])
    func aRecurrenceThatIsNoneIsAUsageErrorOfOneLine(_ arguments: [String]) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let run = try ProgramRun.of("todo", arguments, environment: place.environment)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: recur:") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
        #expect(try place.list("--all").isEmpty)
    }

    @Test func aRecurrenceWithoutADueDayIsRefusedAndKeepsNothing() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let run = try place.todo("add", "water", "recur:weekly")
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "Error: a recurring to-do needs a due day, which the next one's is counted from: give due:, or clear recur:\n"
        )
        #expect(try place.list("--all").isEmpty)
    }
}
