import Foundation

/// Moments as a person reads them in a list, `2026-11-22 13:05:00`, in a given time zone. Made
/// once per command and used for every line, since a formatter is costly to build.
public struct LocalTime {
    private let formatter: DateFormatter

    public init(timeZone: TimeZone = .current) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    }

    public func string(from date: Date) -> String {
        formatter.string(from: date)
    }
}
