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

    /// Our own form read directly; any other ISO 8601 moment (an offset, no fraction) by Foundation.
    public static func parse(_ text: String) -> Date? {
        if let date = parseUTCMilliseconds(text) { return date }
        let parsed = (try? style.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
        return parsed.map { Date(milliseconds: $0.milliseconds) }
    }

    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static func parseUTCMilliseconds(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { decimalNumber(bytes[range]) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let millisecond = number(20..<23), (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        return Date(milliseconds: seconds * 1_000 + Int64(millisecond))
    }

    private static func append(_ value: Int, width: Int, to text: inout String) {
        let digits = String(value)
        text += String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
