import Foundation

/// Where the present comes from: the system clock in a program, a fixed or stepping one in a test,
/// so that every run can be replayed.
public struct TimeSource: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock, to the millisecond: finer would not survive being written down.
    public static let system = TimeSource { Date().wholeMilliseconds }

    public static func fixed(_ date: Date) -> TimeSource {
        TimeSource { date }
    }
}
