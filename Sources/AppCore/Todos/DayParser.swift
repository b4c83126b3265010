import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a due date as a person writes it, against a given moment and time zone, into a day:
/// `2026-12-01`, `today`, `tomorrow`, `yesterday`, a weekday (`fri`, `friday`: the next one after
/// today), `+3d`, `+2w`, `+1m`, `in 3 days`, `in 2 weeks`, `in 1 month`, `next week` (next
/// Monday), `next month` (the same day next month, or its last day), `eow` (Sunday), `eom` (the
/// month's last day). A time of day may follow the day, after a space or a `T` (`fri 17:30`,
/// `2026-12-01T09:00`, `tomorrow 5pm`), or stand alone for today (`17:30`).
public enum DayParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let text: String
        /// The text reads as a date, but one before 0001-01-01 or after 9999-12-31.
        public var outOfRange = false

        public var description: String {
            outOfRange
                ? "\"\(text.excerpt)\" falls outside the days kept, \(Day.earliest) to \(Day.latest)"
                : "\"\(text.excerpt)\" is not a date: write 2026-12-01, today, tomorrow, fri, +3d, +2w, in 3 days, next week, next month, eow or eom, and a time after it if wished (fri 17:30), or a span from now (+2h, +90min, P1DT2H)"
        }
    }

    /// The day `text` names, and the time of day it gives, if any.
    public static func parseWithTime(
        _ text: String, now: Date, timeZone: Zone
    ) throws(Failure) -> (day: Day, time: TimeOfDay?) {
        let trimmed = text.trimmingWhitespace()
        if let time = TimeOfDay(text: trimmed) { return (Day(now, in: timeZone), time) }
        // A span of hours or minutes from now is a day and a time (`+90min`, `PT2H`); one of whole
        // days is the day so far on (`+3d`), read below.
        if let span = TimeSpan(trimmed), span.hasTime {
            guard let moment = span.after(now, in: timeZone) else { throw Failure(text: text, outOfRange: true) }
            return (Day(moment, in: timeZone), TimeOfDay(seconds: timeZone.wallClock(at: moment).second))
        }
        // The time is the last part, after a space or a T; a day's own words hold no time (`in 3
        // days`, `tomorrow`), so the first split that gives a time is the one meant.
        for index in trimmed.indices.reversed() where [" ", "t", "T"].contains(trimmed[index]) {
            guard let time = TimeOfDay(text: trimmed[trimmed.index(after: index)...]) else { continue }
            do {
                return (try parse(String(trimmed[..<index]), now: now, timeZone: timeZone), time)
            } catch {
                throw Failure(text: text, outOfRange: error.outOfRange)
            }
        }
        return (try parse(trimmed, now: now, timeZone: timeZone), nil)
    }

    /// The moment `text` names in `timeZone`: the time it gives on its day, or, where it gives
    /// none, the day's first second, or its last one when `endOfDay` (a to-do that lasts until
    /// Friday lasts through Friday).
    ///
    /// A span from now is read as Taskwarrior reads it, to the second: `+2h`, `+90min`, `+1d` (24
    /// hours from now), `P1DT2H` (`TimeSpan`); a day's word, `tomorrow`, stays a day.
    public static func parseMoment(
        _ text: String, now: Date, timeZone: Zone, endOfDay: Bool = false
    ) throws(Failure) -> Date {
        if let span = TimeSpan(text) {
            guard let moment = span.after(now, in: timeZone) else { throw Failure(text: text, outOfRange: true) }
            return moment
        }
        let (day, time) = try parseWithTime(text, now: now, timeZone: timeZone)
        return timeZone.moment(days: day.ordinal, second: time?.seconds ?? (endOfDay ? 86_399 : 0))
    }

    public static func parse(_ text: String, now: Date, timeZone: Zone) throws(Failure) -> Day {
        // A span from now is the day it reaches: `+36h` by the clock, `+3d`, `P2W` and `+1m` on the
        // calendar, so that a change of the clocks in between moves no day.
        if let span = TimeSpan(text) {
            let today = Day(now, in: timeZone)
            let reached =
                span.hasTime ? span.after(now, in: timeZone).map { Day($0, in: timeZone) } : span.day(after: today)
            guard let reached, (Day.earliest...Day.latest).contains(reached) else {
                throw Failure(text: text, outOfRange: true)
            }
            return reached
        }
        let day = try read(text, today: Day(now, in: timeZone))
        guard let day, (Day.earliest...Day.latest).contains(day) else { throw Failure(text: text, outOfRange: true) }
        return day
    }

    /// The day `text` names, nil where it names one outside the days kept, or a failure where it
    /// names none.
    private static func read(_ text: String, today: Day) throws(Failure) -> Day? {
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
            if let count = Int(words[1]) { return try shift(today, by: count, words[2], failure) }
        default:
            break
        }
        throw failure
    }

    /// `count` units after `day`; nil past the days kept, however large the count.
    private static func shift(_ day: Day, by count: Int, _ unit: String, _ failure: Failure) throws(Failure) -> Day? {
        let (months, days): (Int, Int)
        switch unit {
        case "d", "day", "days": (months, days) = (0, 1)
        case "w", "week", "weeks": (months, days) = (0, 7)
        case "m", "month", "months": (months, days) = (1, 0)
        case "y", "year", "years": (months, days) = (12, 0)
        default: throw failure
        }
        // No shift of 10,000 years or more stays inside the days kept: checked first, so that no
        // product below can overflow.
        guard count.magnitude < 10_000 * 366 else { return nil }
        return months == 0 ? day.adding(days: days * count) : day.adding(months: months * count)
    }

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// 1 for Monday through 7 for Sunday, from the full name or its first three letters.
    private static func weekday(named name: String) -> Int? {
        guard name.count >= 3 else { return nil }
        return weekdays.firstIndex { $0.hasPrefix(name) && (name.count == 3 || name == $0) }.map { $0 + 1 }
    }
}
