import Foundation
import Testing

/// The reports of `todo`, as a person runs them: each takes `todo list`'s filter words, prints a
/// table or a list, and with --json the same as data. The clock is pinned at 2026-11-22 12:00 UTC,
/// a Sunday.
@Suite("todo, reports")
struct TodoReportsProgramSpec {
    /// A store holding to-dos in two projects, one under the other, one in none, one done and one
    /// waiting.
    static func place(_ store: String = "sqlite") throws -> TodoPlace {
        let place = try TodoPlace(store)
        for words in [
            ["add", "buy milk", "+errands", "project:home.kitchen", "due:fri", "pri:H"],
            ["add", "paint fence", "project:home.garden", "due:2026-11-10"],
            ["add", "write report", "project:work", "+next", "+q4"],
            ["add", "call bob", "wait:2026-12-01"],
            ["add", "loose end"],
            ["add", "sweep", "project:home", "+errands"],
        ] {
            let run = try ProgramRun.of("todo", words, environment: place.environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let done = try place.todo("done", "/sweep/")
        #expect(done.status == 0, "\(done.stderr)")
        return place
    }

    /// The lines printed, each without the id that starts a to-do's line (ids are drawn anew each run).
    static func lines(_ run: ProgramRun, ids: [String] = []) -> [String] {
        run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            ids.reduce(String(line)) { text, id in text.replacingOccurrences(of: id, with: "ID") }
        }
    }

    static func json(_ run: ProgramRun) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stderr)")
    }

    @Test func nextListsTheOpenToDosMostUrgentFirstWithTheirUrgency() throws {
        let place = try Self.place()
        defer { place.remove() }
        let ids = try place.list("--all").compactMap { ($0["id"] as? String).map { String($0.prefix(4)) } }
        let next = try place.todo("next")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(
            Self.lines(next, ids: ids) == [
                "16.90  ID [ ] write report  project:work +next +q4",
                "14.54  ID [ ] (A) buy milk  due 2026-11-27 project:home.kitchen +errands",
                "13.00  ID [ ] paint fence  due 2026-11-10 overdue project:home.garden",
                " 0.00  ID [ ] loose end",
            ])
        let json = try Self.json(try place.todo("next", "project:home", "--json"))
        #expect(json.map { $0["title"] as? String } == ["buy milk", "paint fence"])
        let urgencies = json.compactMap { $0["urgency"] as? Double }
        // Due at the start of Friday, four and a half days ahead; priority high; a project; one tag.
        #expect(urgencies.count == 2 && abs(urgencies[0] - (12 * (9.5 * 0.8 / 21 + 0.2) + 6 + 1 + 0.8)) < 1e-9)
        #expect(urgencies.last == 13)
        #expect(json.first?["priority"] as? String == "high", "the whole record, as list --json has it")
        let limited = try place.todo("+errands", "next", "--limit", "1", "--json")
        #expect(try Self.json(limited).map { $0["title"] as? String } == ["buy milk"])
    }

    @Test func projectsAndSummaryCountEachProjectWithThoseUnderIt() throws {
        let place = try Self.place()
        defer { place.remove() }
        #expect(
            // The waiting one counts, as in the summary below and in Taskwarrior's reports.
            Self.lines(try place.todo("projects")) == [
                "project    open",
                "(none)        2",
                "home          2",
                "  garden      1",
                "  kitchen     1",
                "work          1",
            ])
        #expect(
            Self.lines(try place.todo("summary")) == [
                "project    open  done  done %",
                "(none)        2     0      0%",
                "home          2     1     33%",
                "  garden      1     0      0%",
                "  kitchen     1     0      0%",
                "work          1     0      0%",
            ])
        let summary = try Self.json(try place.todo("summary", "project:home", "--json"))
        #expect(summary.map { $0["project"] as? String } == ["home", "home.garden", "home.kitchen"])
        #expect(summary.first?["done"] as? Int == 1 && summary.first?["percentDone"] as? Int == 33)
        let projects = try Self.json(try place.todo("projects", "+errands", "--json"))
        #expect(projects.map { $0["project"] as? String } == ["home", "home.kitchen"])
        #expect(projects.map { $0["open"] as? Int } == [1, 1])
    }

    @Test func tagsCountTheOpenToDosCarryingEach() throws {
        let place = try Self.place()
        defer { place.remove() }
        #expect(
            Self.lines(try place.todo("tags")) == [
                "tag       count", "+errands      1", "+next         1", "+q4           1",
            ])
        let done = try Self.json(try place.todo("tags", "status:done", "--json"))
        #expect(done.map { $0["tag"] as? String } == ["errands"] && done.first?["count"] as? Int == 1)
    }

    @Test(.slow) func activeShowsTheStartedOnesWithTheTimeWorked() throws {
        let place = try Self.place()
        defer { place.remove() }
        #expect(try place.todo("active").stdout == "Nothing is started.\n")
        let started = try ProgramRun.of(
            "todo", ["start", "/report/", "--now", "2026-11-22T10:30:00Z"], environment: place.environment)
        #expect(started.status == 0, "\(started.stderr)")
        let ids = try place.list().compactMap { ($0["id"] as? String).map { String($0.prefix(4)) } }
        #expect(
            Self.lines(try place.todo("active"), ids: ids) == [
                "ID [>] write report  project:work +next +q4  worked 1h 30m, since 2026-11-22 10:30:00"
            ])
        let json = try Self.json(try place.todo("active", "--json"))
        #expect(json.map { $0["secondsWorked"] as? Int } == [5_400])
        #expect(try Self.json(try place.todo("active", "+errands", "--json")).isEmpty)
    }

    @Test func waitingShowsWhenEachShowsAgain() throws {
        let place = try Self.place()
        defer { place.remove() }
        let ids = try place.list("--waiting").compactMap { ($0["id"] as? String).map { String($0.prefix(4)) } }
        #expect(Self.lines(try place.todo("waiting"), ids: ids) == ["ID [ ] call bob  waiting until 2026-12-01"])
        #expect(
            try Self.json(try place.todo("waiting", "--json")).first?["wait"] as? String == "2026-12-01T00:00:00.000Z")
        #expect(try place.todo("waiting", "+errands").stdout == "Nothing waits.\n")
    }

    @Test func aReportsFilterThatCannotBeReadIsAUsageErrorOfOneLine() throws {
        let place = try Self.place()
        defer { place.remove() }
        for report in ["next", "projects", "tags", "summary", "active", "waiting"] {
            let run = try place.todo(report, "/(milk/")
            #expect(run.status == 64, "\(report)")
            #expect(run.stderr.hasPrefix("Error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }
}
