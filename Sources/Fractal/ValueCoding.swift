import Foundation

/// The one JSON encoding of every value: what programs print, stores keep and scenario
/// files hold. Keys are sorted, so equal values give equal text; dates are ISO 8601 in UTC to the
/// millisecond, and read back to the very same `Date`.
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

    public static func format(_ date: Date) -> String {
        date.formatted(style)
    }

    public static func parse(_ text: String) -> Date? {
        let parsed = (try? style.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
        return parsed.map { Date(milliseconds: $0.milliseconds) }
    }

    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
