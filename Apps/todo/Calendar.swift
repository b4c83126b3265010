import AppCore
import ArgumentParser
import ProgramKit

struct Calendar: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show a month as a grid, today and the days open to-dos are due marked.",
        discussion: """
            This month, or --months N from it (1 to \(Calendar.mostMonths)), one under another, weeks \
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
            guard case .dueDays(let counts) = answer, let (first, last, today) = shown else { return }
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

/// A month drawn as a grid of weeks from Monday, each day five columns wide: today in brackets, a
/// day with open to-dos due marked `*` after it, one gone by `!`; with colours, painted instead.
struct MonthGrid {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    let due: [Day: Int]
    let today: Day
    let style: TextStyle

    /// The month that `first`, its first day, begins: its name, the weekdays, then a line a week.
    func lines(of first: Day) -> [String] {
        let title = "\(Self.monthNames[first.month - 1]) \(first.year)"
        let width = 35
        var lines = [String(repeating: " ", count: (width - title.count) / 2) + title]
        lines.append(trimmed(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map { " \($0)  " }.joined()))
        var week = String(repeating: "     ", count: first.weekday - 1)
        for number in 1...Day.length(ofMonth: first.month, in: first.year) {
            guard let day = Day(year: first.year, month: first.month, day: number) else { continue }
            week += cell(day)
            if day.weekday == 7 {
                lines.append(trimmed(week))
                week = ""
            }
        }
        if !week.isEmpty { lines.append(trimmed(week)) }
        return lines
    }

    private func cell(_ day: Day) -> String {
        let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
        let isToday = day == today
        let mark = due[day].map { _ in day < today ? "!" : "*" }
        guard style.colours else {
            return isToday ? "[" + number + "]" + (mark ?? " ") : " " + number + (mark ?? " ") + " "
        }
        var shown = number
        if let mark { shown = mark == "!" ? style.red(shown) : style.yellow(shown) }
        if isToday { shown = style.reversed(shown) }
        return " " + shown + "  "
    }

    private func trimmed(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }
}
