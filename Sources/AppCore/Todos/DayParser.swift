import Foundation

/// Reads a due date as a person writes it, against a given moment and time zone, into a day:
/// `2026-12-01`, `today`, `tomorrow`, `yesterday`, a weekday (`fri`, `friday`: the next one after
/// today), `+3d`, `+2w`, `+1m`, `in 3 days`, `in 2 weeks`, `in 1 month`, `next week` (next
/// Monday), `next month` (the same day next month, or its last day), `eow` (Sunday), `eom` (the
/// month's last day).
public enum DayParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let text: String
        public var description: String {
            "\"\(text)\" is not a date: write 2026-12-01, today, tomorrow, fri, +3d, +2w, in 3 days, next week, next month, eow or eom"
        }
    }

    public static func parse(_ text: String, now: Date, timeZone: TimeZone) throws(Failure) -> Day {
        let today = Day(now, in: timeZone)
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let failure = Failure(text: text)
        switch words.count {
        case 1:
            let word = words[0]
            if let day = Day(iso: word) { return day }
            switch word {
            case "today": return today
            case "tomorrow": return today.adding(days: 1)
            case "yesterday": return today.adding(days: -1)
            case "eow": return today.adding(days: 7 - today.weekday)
            case "eom": return today.adding(days: Day.length(ofMonth: today.month, in: today.year) - today.day)
            default: break
            }
            if let weekday = weekday(named: word) {
                let ahead = (weekday - today.weekday + 7) % 7
                return today.adding(days: ahead == 0 ? 7 : ahead)
            }
            if word.hasPrefix("+"), let unit = word.last, let count = Int(word.dropFirst().dropLast()), count <= 100_000
            {
                return try shift(today, by: count, String(unit), failure)
            }
        case 2 where words[0] == "next":
            switch words[1] {
            case "week": return today.adding(days: 8 - today.weekday)
            case "month": return today.adding(months: 1)
            case "year": return today.adding(months: 12)
            default:
                if let weekday = weekday(named: words[1]) {
                    let ahead = (weekday - today.weekday + 7) % 7
                    return today.adding(days: ahead == 0 ? 7 : ahead)
                }
            }
        case 3 where words[0] == "in":
            if let count = Int(words[1]), count <= 100_000 { return try shift(today, by: count, words[2], failure) }
        default:
            break
        }
        throw failure
    }

    private static func shift(_ day: Day, by count: Int, _ unit: String, _ failure: Failure) throws(Failure) -> Day {
        switch unit {
        case "d", "day", "days": return day.adding(days: count)
        case "w", "week", "weeks": return day.adding(days: 7 * count)
        case "m", "month", "months": return day.adding(months: count)
        case "y", "year", "years": return day.adding(months: 12 * count)
        default: throw failure
        }
    }

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// 1 for Monday through 7 for Sunday, from the full name or its first three letters.
    private static func weekday(named name: String) -> Int? {
        guard name.count >= 3 else { return nil }
        return weekdays.firstIndex { $0.hasPrefix(name) && (name.count == 3 || name == $0) }.map { $0 + 1 }
    }
}
