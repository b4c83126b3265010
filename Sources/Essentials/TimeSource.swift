#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the present comes from, and the time zone it is read in: the system's in a program, a
/// fixed moment in a test, so that every run can be replayed.
public struct TimeSource: Sendable {
    public let now: @Sendable () -> Date
    /// The zone in which a moment becomes a calendar day.
    public let timeZone: Zone

    public init(timeZone: Zone = .system, now: @escaping @Sendable () -> Date) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The system clock, to the millisecond: finer would not survive being written down.
    public static let system = TimeSource { Date().wholeMilliseconds }

    public static func fixed(_ date: Date, timeZone: Zone = .utc) -> TimeSource {
        TimeSource(timeZone: timeZone) { date }
    }
}
