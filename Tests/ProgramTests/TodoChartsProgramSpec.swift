import Foundation
import Testing

/// `todo calendar` and `todo burndown`, drawn in the terminal and given as data with --json. The
/// clock is pinned at 2026-11-22 12:00 UTC, a Sunday, unless a run says otherwise.
@Suite("todo, calendar and burndown")
struct TodoChartsProgramSpec {
    /// Five to-dos made on five days in November, due on others; two of them done since.
    static func place() throws -> TodoPlace {
        let place = try TodoPlace("sqlite")
        for (made, due) in [
            ("2026-11-10", "2026-11-20"), ("2026-11-12", "2026-11-22"), ("2026-11-15", "2026-11-25"),
            ("2026-11-18", "2026-11-28"), ("2026-11-20", "2026-11-20"),
        ] {
            let run = try ProgramRun.of(
                "todo", ["add", "made \(made)", "due:\(due)", "--now", "\(made)T10:00:00Z"],
                environment: place.environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        for (title, moment) in [("11-12", "2026-11-16T10:00:00Z"), ("11-18", "2026-11-21T10:00:00Z")] {
            let run = try ProgramRun.of(
                "todo", ["done", "/\(title)/", "--now", moment], environment: place.environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        return place
    }

    static func lines(_ run: ProgramRun) -> [String] {
        run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(.slow) func calendarDrawsThisMonthWithTodayAndTheDaysOpenToDosAreDueMarked() throws {
        let place = try Self.place()
        defer { place.remove() }
        let calendar = try place.todo("calendar")
        #expect(calendar.status == 0, "\(calendar.stderr)")
        #expect(
            Self.lines(calendar) == [
                "           November 2026",
                " Mo   Tu   We   Th   Fr   Sa   Su",
                "                                1",
                "  2    3    4    5    6    7    8",
                "  9   10   11   12   13   14   15",
                " 16   17   18   19   20!  21  [22]",
                " 23   24   25*  26   27   28   29",
                " 30",
                "",
                "[ ] today   * due   ! overdue",
            ])
        let december = try place.todo("calendar", "--now", "2026-12-03T08:00:00Z")
        #expect(
            Self.lines(december).prefix(3) == [
                "           December 2026", " Mo   Tu   We   Th   Fr   Sa   Su", "       1    2  [ 3]   4    5    6",
            ])
    }

    @Test(.slow) func calendarOfSeveralMonthsAndItsFilterAndJSON() throws {
        let place = try Self.place()
        defer { place.remove() }
        let run = try place.todo("calendar", "--months", "2", "--json", "/11-1/")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        #expect(json["first"] as? String == "2026-11-01" && json["last"] as? String == "2026-12-31")
        #expect(json["today"] as? String == "2026-11-22")
        let due = try #require(json["due"] as? [[String: Any]])
        #expect(due.map { $0["day"] as? String } == ["2026-11-20", "2026-11-25"], "open ones the filter picks")
        let text = try place.todo("cal", "--months", "2")
        #expect(
            text.stdout.contains("           November 2026\n") && text.stdout.contains("           December 2026\n"))
        for months in ["0", "25", "x"] {
            let refused = try place.todo("calendar", "--months", months)
            #expect(refused.status == 64 && refused.stdout.isEmpty, "\(months)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script for a terminal"))
    func calendarOnATerminalPaintsInPlaceOfMarks() throws {
        let place = try Self.place()
        defer { place.remove() }
        let todo = try ProgramRun.executable(named: "todo").path
        var environment = place.environment
        (environment["NO_COLOR"], environment["TERM"]) = ("", "xterm")
        let shown = try ProgramRun.of(
            "/usr/bin/script", ["-qc", "\(todo) calendar", "/dev/null"], environment: environment
        ).stdout
        #expect(shown.contains("\u{1B}[31m20\u{1B}[0m"), "overdue in red: \(shown)")
        #expect(shown.contains("\u{1B}[33m25\u{1B}[0m"), "due in yellow")
        #expect(shown.contains("\u{1B}[7m22\u{1B}[0m"), "today reversed")
        #expect(!shown.contains("[22]") && !shown.contains("* due"))
    }

    @Test(.slow) func burndownCountsOpenAndDoneAtTheEndOfEachDayUpToToday() throws {
        let place = try Self.place()
        defer { place.remove() }
        let run = try place.todo("burndown", "--since", "2026-11-14")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Self.lines(run) == [
                "day        open  done",
                "2026-11-14    2     0  ##",
                "2026-11-15    3     0  ###",
                "2026-11-16    2     1  ##=",
                "2026-11-17    2     1  ##=",
                "2026-11-18    3     1  ###=",
                "2026-11-19    3     1  ###=",
                "2026-11-20    4     1  ####=",
                "2026-11-21    3     2  ###==",
                "2026-11-22    3     2  ###==",
                "# open   = done",
            ])
        #expect(Self.lines(try place.todo("burndown")).count == 1 + 15 + 1, "the last fifteen days")
    }

    @Test(.slow) func burndownByWeekFromMondayAndAsJSON() throws {
        let place = try Self.place()
        defer { place.remove() }
        #expect(
            Self.lines(try place.todo("burndown", "--weekly", "--since", "2026-11-11")) == [
                "week of    open  done", "2026-11-09    3     0  ###", "2026-11-16    3     2  ###==",
                "# open   = done",
            ])
        let run = try place.todo("burndown", "--json", "--since", "2026-11-21", "/11-1/")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        #expect(json["period"] as? String == "day")
        let points = try #require(json["points"] as? [[String: Any]])
        #expect(points.map { $0["start"] as? String } == ["2026-11-21", "2026-11-22"])
        #expect(points.map { $0["open"] as? Int } == [2, 2] && points.map { $0["done"] as? Int } == [2, 2])
    }

    @Test(.slow) func burndownRefusesASinceThatIsNoDayOrAfterTodayOrTooLongAgo() throws {
        let place = try Self.place()
        defer { place.remove() }
        for since in ["someday", "2026-12-01", "1990-01-01"] {
            let run = try place.todo("burndown", "--since", since)
            #expect(run.status == 64, "\(since)")
            #expect(run.stderr.hasPrefix("Error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }
}
