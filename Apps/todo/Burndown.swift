import AppCore
import ArgumentParser
import ProgramKit

struct Burndown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "burndown",
        abstract: "Chart how many to-dos were open and how many done at the end of each day or week.",
        discussion: """
            A row a day (or, with --weekly, a week from Monday), up to today: the to-dos made by its \
            end and not done by then, and those done by then, told from when each was made and \
            when it was done; a deleted to-do is counted nowhere. The bar draws the open ones as # \
            and the done ones as =, red and green on a terminal, scaled to fit \(Burndown.barWidth) \
            columns. Without --since, the last \(Burndown.defaultDays) days or \(Burndown.defaultWeeks) \
            weeks; at most \(TodoLimits.reportDays) days. The filter is `todo list`'s (see 'todo list \
            --help'), among open and done to-dos alike.

            With --json, {"period": "day" or "week", "points": [{"start", "open", "done"}]}.

            Examples:
              todo burndown
              todo burndown --weekly --since 2026-09-01
              todo burndown project:work --json
            """)

    static let barWidth = 50
    static let defaultDays = 15
    static let defaultWeeks = 12

    @Flag(help: "A row a week, from Monday, rather than a day.")
    var weekly = false

    @Option(help: "The first day, or the week holding it, as --due reads a date: 2026-11-01, yesterday.")
    var since: String?

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let period: BurndownPeriod = weekly ? .week : .day
            let (answer, _) = try report.report("burndown", among: .all) { query, session in
                let today = Day(session.now, in: session.timeZone)
                let start =
                    try since.map { text in
                        do {
                            return try DayParser.parse(text, now: session.now, timeZone: session.timeZone)
                        } catch {
                            throw ProgramFailure("--since: \(error)", exit: .usage)
                        }
                    }
                    ?? (weekly
                        ? today.adding(days: -7 * (Self.defaultWeeks - 1)) : today.adding(days: 1 - Self.defaultDays))
                    ?? today
                // A week runs from its Monday.
                let monday = weekly ? start.adding(days: 1 - start.weekday) ?? start : start
                guard monday <= today else { throw ProgramFailure("--since: \(start) is after today", exit: .usage) }
                return .burndown(query: query, period: period, first: monday, last: today)
            }
            guard case .burndown(let points) = answer else { throw ProgramFailure.unexpected(answer) }
            if report.common.json { return try printJSON(BurndownRecord(period: period, points: points)) }
            let style = TextStyle.forStandardOutput()
            let most = max(1, points.map { $0.open + $0.done }.max() ?? 1)
            func columns(_ count: Int) -> Int {
                most <= Self.barWidth ? count : (count * Self.barWidth + most / 2) / most
            }
            let openWidth = max("open".count, points.map { String($0.open).count }.max() ?? 0)
            let doneWidth = max("done".count, points.map { String($0.done).count }.max() ?? 0)
            print(
                (weekly ? "week of    " : "day        ") + "open".padded(left: openWidth) + "  "
                    + "done".padded(left: doneWidth))
            for point in points {
                let open = String(repeating: "#", count: columns(point.open))
                let done = String(repeating: "=", count: columns(point.done))
                let bar = (open.isEmpty ? "" : style.red(open)) + (done.isEmpty ? "" : style.green(done))
                print(
                    "\(point.start) " + String(point.open).padded(left: openWidth) + "  "
                        + String(point.done).padded(left: doneWidth) + (bar.isEmpty ? "" : "  " + bar))
            }
            if !style.colours { print("# open   = done") }
        }
    }

    private struct BurndownRecord: Encodable {
        let period: BurndownPeriod
        let points: [BurndownPoint]
    }
}
