import Foundation
import Testing

/// What a Taskwarrior or todo.txt user types from habit, answered rightly or refused in one line,
/// never read as something else: virtual tags, spans from now, patterns with spaces, small ids.
@Suite("todo, as Taskwarrior users type it")
struct TodoAsTaskwarriorUsersTypeSpec {
    static let now = "2026-11-22T12:00:00Z"

    func todo(_ place: TodoPlace, _ arguments: String...) throws -> ProgramRun {
        try place.todo(arguments + ["--now", Self.now])
    }

    @Test func logRecordsAToDoDoneAlreadyWithItsAttributesAndUndoTakesItBackWhole() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try todo(place, "add", "water plants")
        let logged = try todo(place, "log", "paid", "the", "rent", "project:home", "+bills")

        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stdout.hasPrefix("Logged ") && logged.stdout.contains("paid the rent"), "\(logged.stdout)")
        let done = try place.list("--done")
        #expect(done.count == 1)
        #expect(done.first?["title"] as? String == "paid the rent" && done.first?["project"] as? String == "home")
        #expect(done.first?["tags"] as? [String] == ["bills"])
        let moment = "2026-11-22T12:00:00.000Z"
        #expect(done.first?["completedAt"] as? String == moment && done.first?["created"] as? String == moment)
        #expect(try place.list().map { $0["title"] as? String } == ["water plants"])

        _ = try place.todo("undo")
        #expect(try place.list("--all").map { $0["title"] as? String } == ["water plants"])

        let before = try place.todo("export").stdout
        let recurring = try todo(place, "log", "stretch", "due:2026-11-22", "recur:daily")
        #expect(recurring.status == 64 && recurring.stdout.isEmpty)
        #expect(
            recurring.stderr
                == "Error: a to-do logged as done makes no next one: leave out its recurrence, or todo add it\n")
        #expect(try place.todo("export").stdout == before)
    }

    @Test(.slow) func appendAndPrependJoinWordsToEachTitleInEverySpellingAndUndoTakesThemOff() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try todo(place, "add", "buy milk", "+errands")
        _ = try todo(place, "add", "post the letter", "+errands")
        _ = try todo(place, "add", "call Sam")
        let titles = { try place.list().compactMap { $0["title"] as? String }.sorted() }
        let milk = try #require(try place.list().first { $0["title"] as? String == "buy milk" }?["id"] as? String)

        let appended = try todo(place, "append", milk, "and bread", "pri:H")
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(appended.stdout.hasPrefix("Changed ") && appended.stdout.contains("buy milk and bread"))
        #expect(try place.list().first { $0["id"] as? String == milk }?["priority"] as? String == "high")
        #expect(try todo(place, "+errands", "prepend", "today:").status == 0)
        #expect(try titles() == ["call Sam", "today: buy milk and bread", "today: post the letter"])
        #expect(try todo(place, "app", milk, "oat").status == 0)
        #expect(try todo(place, "prep", milk, "1.").status == 0)
        #expect(try titles() == ["1. today: buy milk and bread oat", "call Sam", "today: post the letter"])

        _ = try place.todo("undo")
        _ = try place.todo("undo")
        _ = try place.todo("undo")
        #expect(try titles() == ["buy milk and bread", "call Sam", "post the letter"])

        let before = try place.todo("export").stdout
        let bare = try todo(place, "append", milk, "+shop")
        #expect(bare.status == 64 && bare.stdout.isEmpty)
        #expect(bare.stderr == "Error: say the words to append: todo append ID WORDS (see 'todo append --help')\n")
        let blank = try todo(place, "prepend", milk, " ")
        #expect(blank.status == 64 && blank.stderr.hasPrefix("Error: say the words to prepend: "))
        #expect(try place.todo("export").stdout == before)
    }

    @Test func aVirtualTagPicksWhatItSaysAndOneThatIsNoneIsRefused() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try todo(place, "add", "pay rent", "due:2026-11-20")
        _ = try todo(place, "add", "call mum", "due:2026-11-22 09:00")
        _ = try todo(place, "add", "water plants", "due:2026-11-25")
        let overdue = try todo(place, "list", "+OVERDUE")
        #expect(overdue.status == 0)
        #expect(overdue.stdout.contains("pay rent") && overdue.stdout.contains("call mum"))
        #expect(!overdue.stdout.contains("water plants"))
        #expect(try todo(place, "count", "+DUE").stdout == "2\n")
        #expect(try todo(place, "count", "-OVERDUE").stdout == "1\n")

        let before = try place.todo("export").stdout
        let refused = try todo(place, "list", "+OVERDU")
        #expect(refused.status == 64 && refused.stdout.isEmpty)
        #expect(
            refused.stderr.hasPrefix("Error: +OVERDU is no virtual tag: write one of +ACTIVE, "), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try place.todo("export").stdout == before)
    }

    @Test func aPatternWithASpaceIsOneWord() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try todo(place, "add", "water plants")
        _ = try todo(place, "add", "water the garden")
        let run = try todo(place, "list", "/water plants/")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("water plants") && !run.stdout.contains("garden"))
    }

    @Test func countTakesAllDoneAndWaitingAsListDoes() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let id = try place.added("done one")
        _ = try place.added("open one")
        #expect(try place.todo("done", id).status == 0)
        #expect(try todo(place, "count").stdout == "1\n")
        #expect(try todo(place, "count", "--all").stdout == "2\n")
        #expect(try todo(place, "count", "--done").stdout == "1\n")
        #expect(try todo(place, "count", "--all", "--done").status == 64)
    }

    @Test func aSpanFromNowIsToTheSecondAndAWaitPastDueIsWarnedOf() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let added = try todo(place, "add", "plan", "wait:+2h", "--json")
        #expect(try added.json()["wait"] as? String == "2026-11-22T14:00:00.000Z")
        let day = try todo(place, "add", "later", "wait:+1d", "scheduled:P1DT2H", "--json")
        #expect(try day.json()["wait"] as? String == "2026-11-23T12:00:00.000Z")
        #expect(try day.json()["scheduled"] as? String == "2026-11-23T14:00:00.000Z")

        let late = try todo(place, "add", "report", "due:2026-11-23", "wait:2026-11-25")
        #expect(late.status == 0)
        #expect(
            late.stderr
                == "Warning: \"report\" waits until 2026-11-25 00:00:00, after it is due (2026-11-23 23:59:59): "
                + "it stays hidden until then\n")
        #expect(try todo(place, "add", "fine", "due:2026-11-23", "wait:2026-11-23").stderr.isEmpty)
    }

    @Test func theAddedLineSaysWhenItIsScheduledAndUntilWhen() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try todo(place, "add", "trip", "scheduled:2026-11-24 09:00", "until:2026-11-30")
        #expect(
            run.stdout.hasSuffix(" trip  scheduled 2026-11-24 09:00:00  until 2026-11-30 23:59:59\n"), "\(run.stdout)")
    }
}

/// The reports count by one rule, said in each `--help`: `projects`, `summary` and `tags` count
/// an open to-do waiting or not (as Taskwarrior's do), `count` what `todo list` shows.
@Suite("todo's reports, counting alike")
struct TodoReportsAgreeSpec {
    @Test(.slow) func projectsSummaryAndTagsCountTheWaitingOnesAndCountWhatTheListShows() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "a")
        _ = try place.todo("add", "b", "+x")
        _ = try place.todo("add", "c", "+w", "wait:2026-12-01")
        _ = try place.todo("add", "d", "project:p")
        _ = try place.todo("add", "e", "+u", "until:2026-11-21")
        let done = try #require(try place.todo("add", "f", "+q", "project:q", "--json").json()["id"] as? String)
        #expect(try place.todo("done", done).status == 0)

        func json(_ arguments: String...) throws -> [[String: Any]] {
            let run = try place.todo(arguments + ["--json"])
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        }
        let none = { (rows: [[String: Any]]) in rows.first { $0["project"] is NSNull }?["open"] as? Int }
        #expect(none(try json("projects")) == 3)
        #expect(none(try json("summary")) == 3)
        let tags = try json("tags").compactMap { row in (row["tag"] as? String).map { ($0, row["count"] as? Int) } }
        #expect(tags.map(\.0) == ["w", "x"] && tags.allSatisfy { $0.1 == 1 })
        #expect(try place.todo("count").stdout == "3\n")
        #expect(try place.todo("count").stdout == "\(try place.list().count)\n")
        #expect(try place.todo("count", "--all").stdout == "6\n")
    }
}

/// Another tool's command that todo spells otherwise is answered with what to type here, in one
/// line, exit 64, and nothing changed: never "unexpected arguments".
@Suite("todo, other tools' commands")
struct TodoOtherToolsCommandsSpec {
    @Test(
        .slow,
        arguments: [
            (["duplicate", "abcd"], "todo fork ID"), (["abcd", "duplicate"], "todo fork ID"),
            (["replace", "abcd", "more"], "todo edit ID"), (["depri", "abcd"], "pri: (nothing after the colon)"),
            (["pri", "abcd", "A"], "todo edit ID pri:H"), (["do", "abcd"], "todo done ID"),
            (["lsp"], "--sort priority"),
        ])
    func anotherToolsCommandIsAnsweredWithOurs(_ arguments: [String], _ said: String) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "a")
        let before = try place.todo("export").stdout
        let run = try place.todo(arguments)
        #expect(run.status == 64 && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(said), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try place.todo("export").stdout == before)
    }

    @Test func aToDoTitledAsAnotherToolsCommandIsAddedAsAnyOther() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        #expect(try place.todo("add", "log", "the", "hours").status == 0)
        #expect(try place.list().map { $0["title"] as? String } == ["log the hours"])
    }
}
