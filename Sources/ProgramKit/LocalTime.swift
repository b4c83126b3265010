import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Moments as a person reads them in a list, `2026-11-22 13:05:00`, in a given time zone:
/// written digit by digit, since every line of a list has one.
public struct LocalTime {
    private let timeZone: Zone

    public init(timeZone: Zone = .system) {
        self.timeZone = timeZone
    }

    public func string(from date: Date) -> String {
        let (days, second) = timeZone.wallClock(at: date)
        let (year, month, day) = CivilCalendar.date(days: days)
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2)) "
            + "\(digits(second / 3600, 2)):\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2))"
    }
}
