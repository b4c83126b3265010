#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A span of time from now, as Taskwarrior reads one: `+2h`, `+90min`, `+1d` (24 hours, not
/// tomorrow's first moment), `+2w`, `-30min`, or ISO 8601's `P1DT2H`, `PT90M`, `P2W`. Months and
/// years are calendar ones (`+1m`, `P1M`): the same time of day, so many months on.
struct TimeSpan: Equatable {
    var months = 0
    var seconds = 0

    /// The largest span read, in either direction: 10,000 years, so that no sum overflows and
    /// every moment it reaches is checked against the days kept instead.
    static let limitInSeconds = 10_000 * 366 * 86_400

    /// The span `text` says; nil where it says none.
    init?(_ text: String) {
        let text = text.trimmingWhitespace()
        if let first = text.first, first == "+" || first == "-" {
            guard let span = Self.signed(text.dropFirst()) else { return nil }
            self = first == "-" ? TimeSpan(months: -span.months, seconds: -span.seconds) : span
        } else if text.first == "P" || text.first == "p" {
            guard let span = Self.iso(text.dropFirst().uppercased()) else { return nil }
            self = span
        } else {
            return nil
        }
        guard abs(months) <= 12 * 10_000, abs(seconds) <= Self.limitInSeconds else { return nil }
    }

    private init(months: Int, seconds: Int) {
        (self.months, self.seconds) = (months, seconds)
    }

    /// `2h`, `90min`, `3days`: a count and a unit.
    private static func signed(_ text: Substring) -> TimeSpan? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 12, let count = Int(digits) else { return nil }
        switch text.dropFirst(digits.count).lowercased() {
        case "s", "sec", "secs", "second", "seconds": return TimeSpan(months: 0, seconds: count)
        case "min", "mins", "minute", "minutes": return TimeSpan(months: 0, seconds: count * 60)
        case "h", "hr", "hrs", "hour", "hours": return TimeSpan(months: 0, seconds: count * 3_600)
        case "d", "day", "days": return TimeSpan(months: 0, seconds: count * 86_400)
        case "w", "wk", "wks", "week", "weeks": return TimeSpan(months: 0, seconds: count * 7 * 86_400)
        case "m", "mo", "mos", "month", "months": return TimeSpan(months: count, seconds: 0)
        case "y", "yr", "yrs", "year", "years": return TimeSpan(months: count * 12, seconds: 0)
        default: return nil
        }
    }

    /// ISO 8601's `nYnMnWnD` then, after a `T`, `nHnMnS`, each part once and in that order.
    private static func iso(_ text: String) -> TimeSpan? {
        var span = TimeSpan(months: 0, seconds: 0)
        var inTime = false
        var count = ""
        var order = 0
        var any = false
        for character in text {
            if character == "T" {
                guard !inTime, count.isEmpty else { return nil }
                inTime = true
                continue
            }
            if character.isASCII && character.isNumber {
                guard count.count < 12 else { return nil }
                count.append(character)
                continue
            }
            let units: [Character: (place: Int, months: Int, seconds: Int)] =
                inTime
                ? ["H": (5, 0, 3_600), "M": (6, 0, 60), "S": (7, 0, 1)]
                : ["Y": (1, 12, 0), "M": (2, 1, 0), "W": (3, 0, 7 * 86_400), "D": (4, 0, 86_400)]
            guard let unit = units[character], let value = Int(count), unit.place > order else { return nil }
            (span.months, span.seconds) = (span.months + value * unit.months, span.seconds + value * unit.seconds)
            (order, count, any) = (unit.place, "", true)
        }
        // A `T` says a time follows: one with none after it is no span.
        return any && count.isEmpty && (!inTime || order > 4) ? span : nil
    }

    /// The moment this span after `now`: its months on the calendar of `timeZone`, at the same
    /// time of day, then its seconds. Nil past the days kept.
    func after(_ now: Date, in timeZone: Zone) -> Date? {
        var moment = now
        if months != 0 {
            let clock = timeZone.wallClock(at: now)
            guard let day = Day(ordinal: clock.days)?.adding(months: months) else { return nil }
            moment = timeZone.moment(days: day.ordinal, second: clock.second)
        }
        moment = moment.addingTimeInterval(TimeInterval(seconds))
        let day = Day(moment, in: timeZone)
        return (Day.earliest...Day.latest).contains(day) ? moment : nil
    }

    /// The day so many months and whole days after `today`, on the calendar; for a span of whole
    /// days alone.
    func day(after today: Day) -> Day? {
        today.adding(months: months)?.adding(days: seconds / 86_400)
    }

    /// Whether it is given to less than a day: hours, minutes or seconds.
    var hasTime: Bool { seconds % 86_400 != 0 }
}
