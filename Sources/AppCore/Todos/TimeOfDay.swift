/// A time on a wall clock, as a due day's time is: the same time wherever it is read, written
/// `17:30`, or `23:59:59` where it has seconds (as Taskwarrior's `eod` does).
public struct TimeOfDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Seconds since midnight, 0 to 86,399.
    public let seconds: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        seconds = hour * 3_600 + minute * 60 + second
    }

    public init?(seconds: Int) {
        guard (0..<86_400).contains(seconds) else { return nil }
        self.seconds = seconds
    }

    /// Reads `17:30`, `9:30`, `17:30:15`, and with `am` or `pm` after it, `5pm`, `9:30am`; a
    /// bare number is no time (`in 3` is not three o'clock).
    public init?(text: some StringProtocol) {
        var text = Substring(text.lowercased())
        var shift: Int?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            shift = text.hasSuffix("pm") ? 12 : 0
            text = text.dropLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (shift != nil && parts.count == 1) || (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            var hour = Int(parts[0]), let minute = parts.count > 1 ? Int(parts[1]) : 0,
            let second = parts.count > 2 ? Int(parts[2]) : 0
        else { return nil }
        if let shift {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + shift
        }
        self.init(hour: hour, minute: minute, second: second)
    }

    public var hour: Int { seconds / 3_600 }
    public var minute: Int { seconds / 60 % 60 }
    public var second: Int { seconds % 60 }

    /// `17:30`, or `17:30:15`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(hour)):\(two(minute))" + (second == 0 ? "" : ":\(two(second))")
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.seconds < rhs.seconds }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeOfDay(text: text), !text.lowercased().hasSuffix("m") else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a time of day like 17:30")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
