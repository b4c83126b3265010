import AppCore
import ArgumentParser
import ProgramKit

struct CalendarReport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show a month as a grid, today and the days open to-dos are due marked.",
        discussion: """
            This month, or --months N from it (1 to \(CalendarReport.mostMonths)), one under another, weeks \
            from Monday. Without colour, today stands in brackets, [22], a day with open to-dos due \
            is marked *, and a day gone by with open to-dos still due on it !; on a terminal, today \
            is shown reversed, due days yellow and overdue ones red. --now sets what today is. The \
            filter is `todo list`'s (see 'todo list --help'): only the to-dos it picks mark a day.

            With --json, {"first", "last", "today", "due": [{"day", "count"}]}: each day from the \
            first to the last with to-dos due, and how many.

            Examples:
              todo calendar
              todo calendar --months 3
              todo calendar project:work --now 2026-12-01
              todo calendar --json
            """,
        aliases: ["cal"])

    /// The most months one calendar shows.
    static let mostMonths = 24

    @Option(help: "How many months to show, from this one.")
    var months = 1

    @OptionGroup var report: ReportOptions

    func validate() throws {
        guard (1...Self.mostMonths).contains(months) else {
            throw ValidationError("--months: give 1 to \(Self.mostMonths)")
        }
    }

    func run() throws {
        try reportingFailures {
            var shown: (first: Day, last: Day, today: Day)?
            let (answer, _) = try report.report("calendar", among: .open) { query, session in
                let today = Day(session.now, in: session.timeZone)
                guard let first = Day(year: today.year, month: today.month, day: 1),
                    let end = first.adding(months: months), let last = end.adding(days: -1)
                else { throw ProgramFailure("--months: the calendar would end after 9999-12-31", exit: .usage) }
                shown = (first, last, today)
                return .dueDays(query: query, first: first, last: last)
            }
            // The month is set when the report asks for it, before the core answers.
            guard case .dueDays(let counts) = answer, let (first, last, today) = shown else {
                throw ProgramFailure.unexpected(answer)
            }
            if report.common.json {
                return try printJSON(CalendarRecord(first: first, last: last, today: today, due: counts))
            }
            let grid = MonthGrid(
                due: Dictionary(counts.map { ($0.day, $0.count) }, uniquingKeysWith: +), today: today,
                style: TextStyle.forStandardOutput())
            var month = first
            var lines: [String] = []
            while month <= last {
                if !lines.isEmpty { lines.append("") }
                lines += grid.lines(of: month)
                guard let next = month.adding(months: 1) else { break }
                month = next
            }
            if !grid.style.colours { lines += ["", "[ ] today   * due   ! overdue"] }
            print(lines.joined(separator: "\n"))
        }
    }

    private struct CalendarRecord: Encodable {
        let first: Day
        let last: Day
        let today: Day
        let due: [DueCount]
    }
}
