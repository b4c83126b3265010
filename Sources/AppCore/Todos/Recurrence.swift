import Essentials

/// How often a to-do comes back once it is done, as Taskwarrior's `recur`: `daily`, `weekly`,
/// `monthly`, `yearly`, `weekdays`, or a count of days, weeks, months or years, `3d`, `2w`, `6m`,
/// `2y` (Taskwarrior's `biweekly`, `fortnight`, `quarterly`, `semiannual` and `annual` read too).
///
/// The next one is due a period after the due day of the one done, not after the day it was done,
/// so a chore done late keeps its rhythm. A month too short for the due day's number gives its
/// last day, and the chain keeps the number it started with (`day`): due Jan 31 monthly, then
/// Feb 28 (29 in a leap year), then Mar 31, as Taskwarrior counts each from the first.
public struct Recurrence: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable {
        case day, week, month, year
        /// Monday to Friday, one working day after another.
        case weekday
    }

    public let count: Int
    public let unit: Unit
    /// The day of the month a monthly or yearly chain is due on, where a short month moved its
    /// due day before it; none where the due day is the chain's own.
    public let day: Int?

    /// The longest period, in its unit: a recurrence of 1,000 years is no chore.
    public static let largestCount = TodoLimits.recurrenceCount

    /// A recurrence of `count` units; nil for a count out of 1 to `largestCount`, or a day of the
    /// month out of 1 to 31, or one given to a unit not counted in months.
    public init?(count: Int, unit: Unit, day: Int? = nil) {
        guard (1...Self.largestCount).contains(count), unit != .weekday || count == 1 else { return nil }
        if let day, !(1...31).contains(day) || ![.month, .year].contains(unit) { return nil }
        (self.count, self.unit, self.day) = (count, unit, day)
    }

    /// One unit at a time, with no day of the month kept.
    private init(every unit: Unit) {
        (count, self.unit, day) = (1, unit, nil)
    }

    public static let daily = Recurrence(every: .day)
    public static let weekly = Recurrence(every: .week)
    public static let monthly = Recurrence(every: .month)
    public static let yearly = Recurrence(every: .year)
    public static let weekdays = Recurrence(every: .weekday)

    /// Reads `weekly`, `2w`, `3 days`, `monthly on day 31` (as a chain made by a short month is
    /// written), in any case; nil for anything else.
    public init?(text: String) {
        let lowered = text.trimmingWhitespace().lowercased()
        let parts = lowered.split(separator: " on day ", maxSplits: 1, omittingEmptySubsequences: false)
        var day: Int?
        if parts.count == 2 {
            guard let number = Int(parts[1]) else { return nil }
            day = number
        }
        let period = String(parts[0]).filter { !$0.isWhitespace }
        let named: [String: (Int, Unit)] = [
            "daily": (1, .day), "weekly": (1, .week), "monthly": (1, .month), "yearly": (1, .year),
            "annual": (1, .year), "weekdays": (1, .weekday), "biweekly": (2, .week), "fortnight": (2, .week),
            "quarterly": (3, .month), "semiannual": (6, .month),
        ]
        if let (count, unit) = named[period] {
            self.init(count: count, unit: unit, day: day)
            return
        }
        let digits = period.prefix { $0.isASCII && $0.isNumber }
        let units: [String: Unit] = [
            "d": .day, "day": .day, "days": .day, "w": .week, "wk": .week, "wks": .week, "week": .week,
            "weeks": .week, "m": .month, "mo": .month, "mos": .month, "month": .month, "months": .month,
            "q": .month, "y": .year, "yr": .year, "yrs": .year, "year": .year, "years": .year,
        ]
        let unitName = String(period.dropFirst(digits.count))
        guard !digits.isEmpty, digits.count <= 6, let count = Int(digits), let unit = units[unitName] else {
            return nil
        }
        // A quarter is three months.
        self.init(count: unitName == "q" ? count * 3 : count, unit: unit, day: day)
    }

    /// Why `text` is no recurrence, in words that say what to write.
    public static func problem(_ text: String) -> String {
        "recur:\(text) is no recurrence; write daily, weekly, monthly, yearly, weekdays, or a count and "
            + "d, w, m or y (2w, 3d), up to \(largestCount)"
    }

    /// `daily`, `weekly`, `monthly`, `yearly` and `weekdays` for one unit, else `3d`, `2w`, `6m`,
    /// `2y`: what Taskwarrior reads as well. A chain's own day follows: `monthly on day 31`.
    public var description: String {
        day.map { "\(period) on day \($0)" } ?? period
    }

    /// The period alone, as Taskwarrior and todo.txt write it.
    public var period: String {
        switch (count, unit) {
        case (_, .weekday): "weekdays"
        case (1, .day): "daily"
        case (1, .week): "weekly"
        case (1, .month): "monthly"
        case (1, .year): "yearly"
        case (let count, .day): "\(count)d"
        case (let count, .week): "\(count)w"
        case (let count, .month): "\(count)m"
        case (let count, .year): "\(count)y"
        }
    }

    /// The day the next one is due, after one due on `due`, and the recurrence it carries (the
    /// chain's day of the month kept where a short month moved it); nil past the days kept.
    public func next(after due: Day) -> (day: Day, recurrence: Recurrence)? {
        switch unit {
        case .day: return due.adding(days: count).map { ($0, self) }
        case .week: return due.adding(days: 7 * count).map { ($0, self) }
        case .weekday:
            // Friday's next is Monday, and so is Saturday's and Sunday's.
            let ahead = due.weekday >= 5 ? 8 - due.weekday : 1
            return due.adding(days: ahead).map { ($0, self) }
        case .month, .year:
            let wanted = day ?? due.day
            guard let month = due.adding(months: unit == .month ? count : 12 * count),
                let next = Day(
                    year: month.year, month: month.month,
                    day: min(wanted, Day.length(ofMonth: month.month, in: month.year)))
            else { return nil }
            // The chain's day is kept only while a month is too short for it.
            let carried = Recurrence(count: count, unit: unit, day: next.day == wanted ? nil : wanted) ?? self
            return (next, carried)
        }
    }
}

extension Recurrence: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let recurrence = Recurrence(text: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is no recurrence like weekly, 2w or monthly")
        }
        self = recurrence
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
