import AppCore
import ProgramKit

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
