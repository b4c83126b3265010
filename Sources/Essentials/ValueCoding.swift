#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one JSON encoding of every value: what programs print and scenario files hold (stores keep
/// their own binary form, `BinaryFormat`). Keys are sorted, so equal values give equal text; dates
/// are ISO 8601 in UTC to the millisecond, and read back to the very same `Date`.
public enum ValueCoding {
    public static func makeEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not a date like 2026-11-22T12:30:00.000Z")
            }
            return date
        }
        return decoder
    }

    /// `2026-11-22T12:30:00.000Z`.
    public static func format(_ date: Date) -> String {
        let milliseconds = date.milliseconds
        let (days, inDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayIndex, time) = inDay < 0 ? (Int(days) - 1, inDay + 86_400_000) : (Int(days), inDay)
        let (year, month, day) = CivilCalendar.date(days: dayIndex)
        var text = ""
        text.reserveCapacity(24)
        append(year, width: 4, to: &text)
        text += "-"
        append(month, width: 2, to: &text)
        text += "-"
        append(day, width: 2, to: &text)
        text += "T"
        append(Int(time / 3_600_000), width: 2, to: &text)
        text += ":"
        append(Int(time / 60_000 % 60), width: 2, to: &text)
        text += ":"
        append(Int(time / 1_000 % 60), width: 2, to: &text)
        text += "."
        append(Int(time % 1_000), width: 3, to: &text)
        text += "Z"
        return text
    }

    /// A moment in ISO 8601's extended form: our own, `2026-11-22T12:30:00.000Z`, or with a
    /// fraction of any length or none, and `Z` or an offset (`+01:00`, `+0100`, `+01`). Its day is
    /// one of the proleptic Gregorian calendar, as every date here is, before 1582 too (Foundation's
    /// parser turns to the Julian calendar there), and must exist: no 30th of February, no 24:00.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { decimalNumber(bytes[range]) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        guard (1...12).contains(month), CivilCalendar.date(days: days) == (year, month, day) else { return nil }
        var rest = bytes[19...]
        var millisecond = 0
        if rest.first == UInt8(ascii: ".") {
            let digits = rest.dropFirst().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard !digits.isEmpty, let first = decimalNumber(digits.prefix(3)) else { return nil }
            // To the millisecond, rounded as a `Date`'s milliseconds are.
            millisecond = first * [100, 10, 1][digits.prefix(3).count - 1]
            if digits.count > 3, digits[digits.startIndex + 3] >= UInt8(ascii: "5") { millisecond += 1 }
            rest = rest.dropFirst(1 + digits.count)
        }
        guard let offset = offsetSeconds(rest) else { return nil }
        let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second - offset)
        return Date(milliseconds: seconds * 1_000 + Int64(millisecond))
    }

    /// `Z`, or an offset east of UTC as `+01:00`, `+0100` or `+01` (west with `-`), in seconds.
    private static func offsetSeconds(_ zone: ArraySlice<UInt8>) -> Int? {
        if zone.elementsEqual([UInt8(ascii: "Z")]) { return 0 }
        guard let sign = zone.first.flatMap({ [UInt8(ascii: "+"): 1, UInt8(ascii: "-"): -1][$0] }) else { return nil }
        let digits = zone.dropFirst()
        let (hours, minutes): (Int?, Int?) =
            switch digits.count {
            case 2: (decimalNumber(digits), 0)
            case 4: (decimalNumber(digits.prefix(2)), decimalNumber(digits.suffix(2)))
            case 5 where digits[digits.startIndex + 2] == UInt8(ascii: ":"):
                (decimalNumber(digits.prefix(2)), decimalNumber(digits.suffix(2)))
            default: (nil, nil)
            }
        guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    private static func append(_ value: Int, width: Int, to text: inout String) {
        let digits = String(value)
        text += String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
