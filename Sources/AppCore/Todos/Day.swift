import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A calendar day, as a due date is: the same day wherever it is read, written `2026-12-01`.
public struct Day: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The first and the last day kept: a day outside, as written or as worked out, is refused.
    public static let earliest = Day(checkedOrdinal: CivilCalendar.days(year: 1, month: 1, day: 1))
    public static let latest = Day(checkedOrdinal: CivilCalendar.days(year: 9999, month: 12, day: 31))

    /// The day, if the numbers make one (2026-02-29 does not) from 0001-01-01 to 9999-12-31.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-12-01`, strictly.
    public init?(iso text: some StringProtocol) {
        // Read in place, byte by byte: every stored due date passes through here when a store opens.
        guard
            let day = text.utf8.withContiguousStorageIfAvailable(Day.init(isoBytes:)) ?? Day(isoBytes: Array(text.utf8))
        else { return nil }
        self = day
    }

    private init?(isoBytes bytes: some RandomAccessCollection<UInt8>) {
        guard bytes.count == 10 else { return nil }
        let start = bytes.startIndex
        func part(_ from: Int, _ to: Int) -> Int? {
            decimalNumber(bytes[bytes.index(start, offsetBy: from)..<bytes.index(start, offsetBy: to)])
        }
        let dash = UInt8(ascii: "-")
        guard bytes[bytes.index(start, offsetBy: 4)] == dash, bytes[bytes.index(start, offsetBy: 7)] == dash,
            let year = part(0, 4), let month = part(5, 7), let day = part(8, 10)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day it is at `date` in `timeZone`.
    public init(_ date: Date, in timeZone: Zone) {
        (year, month, day) = CivilCalendar.date(days: timeZone.wallClock(at: date).days)
    }

    /// `2026-12-01`, written byte by byte into a string of ten: strings of each part, padded and
    /// joined, cost 2,000 instructions a day, a tenth of `todo list`, which writes one for every
    /// due date.
    public var description: String {
        String(unsafeUninitializedCapacity: 10) { bytes in
            for (place, divisor) in [1_000, 100, 10, 1].enumerated() { bytes[place] = Self.digit(year / divisor) }
            (bytes[4], bytes[7]) = (UInt8(ascii: "-"), UInt8(ascii: "-"))
            (bytes[5], bytes[6]) = (Self.digit(month / 10), Self.digit(month))
            (bytes[8], bytes[9]) = (Self.digit(day / 10), Self.digit(day))
            return 10
        }
    }

    /// The ASCII digit of `value`'s last decimal place.
    private static func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value % 10) }

    /// Days since 1970-01-01, for arithmetic.
    public var ordinal: Int { CivilCalendar.days(year: year, month: month, day: day) }

    /// The day `ordinal` days after 1970-01-01, if it lies from 0001-01-01 to 9999-12-31.
    public init?(ordinal: Int) {
        guard (Day.earliest.ordinal...Day.latest.ordinal).contains(ordinal) else { return nil }
        self.init(checkedOrdinal: ordinal)
    }

    private init(checkedOrdinal ordinal: Int) {
        (year, month, day) = CivilCalendar.date(days: ordinal)
    }

    /// The day `days` later (or earlier), if there is one to keep.
    public func adding(days: Int) -> Day? {
        let (sum, overflow) = ordinal.addingReportingOverflow(days)
        return overflow ? nil : Day(ordinal: sum)
    }

    /// The same day of the month, `months` later, or the month's last day where it is shorter; nil
    /// past 9999-12-31 or before 0001-01-01.
    public func adding(months: Int) -> Day? {
        let (index, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(months)
        guard !overflow, index >= 12 else { return nil }
        let (newYear, newMonth) = (index / 12, index % 12 + 1)
        guard newYear <= 9999 else { return nil }
        return Day(year: newYear, month: newMonth, day: min(day, Day.length(ofMonth: newMonth, in: newYear)))
    }

    /// 1 for Monday through 7 for Sunday (ISO 8601).
    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 + 1 }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }

    public static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a day like 2026-12-01")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
