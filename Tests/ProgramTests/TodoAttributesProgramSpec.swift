import Foundation
import Testing

/// The attributes a Taskwarrior user relies on, typed as options: each given to `add`, shown in
/// `list` and `--json`, changed by `edit`, and picked by `list`'s filters. The clock is pinned at
/// 2026-11-22 12:00 UTC, a Sunday.
@Suite("todo, its attributes")
struct TodoAttributesProgramSpec {
    @Test(.slow) func eachAttributeIsKeptShownEditedAndFiltered() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let report = try place.todo(
            "add", "write the report", "--project", "work.reports", "--due", "fri 17:30", "--context", "office",
            "--scheduled", "mon 9:00", "--until", "sat")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout.hasSuffix(
                "[ ] write the report  due 2026-11-27 17:30 project:work.reports @office"
                    + "  scheduled 2026-11-23 09:00:00  until 2026-11-28 23:59:59\n"))
        _ = try place.todo("add", "plan the year", "--project", "work", "--wait", "+2d")
        _ = try place.todo("add", "mend the saw", "--project", "workshop")

        #expect(try place.list().compactMap { $0["title"] as? String } == ["write the report", "mend the saw"])
        #expect(try place.list("--project", "work").compactMap { $0["title"] as? String } == ["write the report"])
        #expect(try place.list("--waiting").compactMap { $0["title"] as? String } == ["plan the year"])
        #expect(try place.list("--context", "office").count == 1)
        #expect(try place.list("--search", "@office").count == 1)

        let record = try #require(try place.list().first)
        #expect(record["dueTime"] as? String == "17:30")
        #expect(record["scheduled"] as? String == "2026-11-23T09:00:00.000Z")
        #expect(record["until"] as? String == "2026-11-28T23:59:59.000Z")
        #expect(record["wait"] is NSNull)

        let id = try #require(record["id"] as? String)
        let edited = try place.todo("edit", id, "--uncontext", "office", "--context", "home", "--due", "sat")
        #expect(edited.status == 0, "\(edited.stderr)")
        let after = try #require(try place.list().first)
        #expect(after["contexts"] as? [String] == ["home"])
        #expect(after["due"] as? String == "2026-11-28" && after["dueTime"] is NSNull)
        #expect(after["project"] as? String == "work.reports")
    }

    @Test func startAndStopMarkTheWorkAndKeepItsTime() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "write")
        let id = try #require(try place.list().first?["id"] as? String)
        let started = try place.todo("start", id)
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("[>] write"))
        let stop = try ProgramRun.of(
            "todo", ["stop", id], environment: place.environment.merging(["APPCORE_NOW": "2026-11-22T13:30:00Z"]) { $1 }
        )
        #expect(stop.stdout.contains("[ ] write"))
        #expect(try place.list().first?["secondsSpent"] as? Int == 5_400)
        let again = try place.todo("stop", id)
        #expect(again.status == 64)
        #expect(again.stderr.contains("was not started"))
    }

    @Test func aDateThatIsNoDateIsAUsageErrorThatKeepsNothing() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let run = try place.todo("add", "write", "--wait", "someday 25:00")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --wait: "))
        #expect(try place.list("--all").isEmpty)
    }
}

/// The attributes typed as Taskwarrior and todo.txt users type them, after `add` and `edit ID`.
@Suite("todo, words as typed")
struct TodoWordsProgramSpec {
    @Test func addAndEditReadTheAttributesAmongTheWords() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let added = try place.todo("add", "buy", "milk", "+errands", "@store", "project:home", "due:fri", "pri:H")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasSuffix("[ ] (A) buy milk  due 2026-11-27 project:home +errands @store\n"))
        let id = try #require(try place.list().first?["id"] as? String)
        let edited = try place.todo("edit", id, "-errands", "+shop", "due:", "-@store", "buy oat milk")
        #expect(edited.status == 0, "\(edited.stderr)")
        let item = try #require(try place.list().first)
        #expect(item["title"] as? String == "buy oat milk")
        #expect(item["tags"] as? [String] == ["shop"] && item["contexts"] as? [String] == [])
        #expect(item["due"] is NSNull && item["project"] as? String == "home")
    }

    @Test func everyWordAfterADoubleDashIsTheTitle() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let added = try place.todo("add", "--", "email", "@bob:", "+1", "on", "due:friday")
        #expect(added.status == 0, "\(added.stderr)")
        let item = try #require(try place.list().first)
        #expect(item["title"] as? String == "email @bob: +1 on due:friday")
        #expect(item["tags"] as? [String] == [] && item["due"] is NSNull)
    }

    @Test(arguments: [["add", "buy", "--prioriy", "high"], ["add", "buy", "-urgent"], ["add", "buy", "due:someday"]])
    func aWordThatCannotBeReadIsAUsageErrorThatKeepsNothing(_ arguments: [String]) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let run = try ProgramRun.of("todo", arguments, environment: place.environment)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.split(separator: "\n").count == 1)
        #expect(try place.list("--all").isEmpty)
    }
}
