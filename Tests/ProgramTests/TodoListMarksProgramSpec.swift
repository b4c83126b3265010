import Foundation
import Testing

/// How a to-do's line tells what stands out: overdue, due today, started, waiting and expired, by
/// a word without colours and by the title's colour on a terminal. The clock is pinned at
/// 2026-11-22 12:00 UTC.
@Suite("todo, marks in a list")
struct TodoListMarksProgramSpec {
    static func place() throws -> TodoPlace {
        let place = try TodoPlace("sqlite")
        for words in [
            ["add", "late", "due:2026-11-21"],
            ["add", "this morning", "due:2026-11-22 09:00"],
            ["add", "tonight", "due:2026-11-22 18:00"],
            ["add", "later", "due:2026-11-23"],
            ["add", "working"],
            ["add", "resting", "wait:2026-12-01 09:30"],
            ["add", "gone", "until:2026-11-20"],
            ["add", "finished", "due:2026-11-01"],
        ] {
            let run = try ProgramRun.of("todo", words, environment: place.environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try place.todo("start", "/working/").status == 0)
        #expect(try place.todo("done", "/finished/").status == 0)
        return place
    }

    @Test func withoutColoursAWordMarksWhatIsOverdueDueTodayWaitingOrExpired() throws {
        let place = try Self.place()
        defer { place.remove() }
        let lines = try place.todo("list", "--all").stdout.split(separator: "\n").map { $0.drop { $0 != " " } }
        #expect(
            lines == [
                " [ ] late  due 2026-11-21 overdue",
                " [ ] this morning  due 2026-11-22 09:00 overdue",
                " [ ] tonight  due 2026-11-22 18:00 today",
                " [ ] later  due 2026-11-23",
                " [>] working",
                " [ ] resting  waiting until 2026-12-01 09:30",
                " [ ] gone  expired 2026-11-20 23:59:59",
                " [x] finished  due 2026-11-01",
            ])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script for a terminal"))
    func onATerminalTheTitlesColourMarksWhatIsOverdueDueTodayOrStarted() throws {
        let place = try Self.place()
        defer { place.remove() }
        let todo = try ProgramRun.executable(named: "todo").path
        var environment = place.environment
        (environment["NO_COLOR"], environment["TERM"]) = ("", "xterm")
        let run = try ProgramRun.of(
            "/usr/bin/script", ["-qc", "\(todo) list --all", "/dev/null"], environment: environment)
        let shown = run.stdout
        let (red, yellow, green, dim) = ("\u{1B}[31m", "\u{1B}[33m", "\u{1B}[32m", "\u{1B}[2m")
        #expect(shown.contains("\(red)late\u{1B}[0m") && shown.contains("\(red)this morning\u{1B}[0m"), "\(shown)")
        #expect(shown.contains("\(yellow)tonight\u{1B}[0m"))
        #expect(shown.contains("\(green)working\u{1B}[0m"))
        #expect(shown.contains("\(dim)finished\u{1B}[0m"))
        #expect(shown.contains(" later  "), "nothing marks one due another day")
        #expect(!shown.contains(" overdue") && !shown.contains(" today"), "colour in place of the words")
        #expect(shown.contains("waiting until 2026-12-01 09:30") && shown.contains("expired 2026-11-20"))
    }
}
