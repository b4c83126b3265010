#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A time zone as far as the calendar needs one: how far the clock on the wall is from UTC at a
/// given moment, daylight saving included.
///
/// The system's zone is read through the C library (`localtime_r`, which follows `TZ` and the
/// system's zone files) rather than Foundation's `TimeZone`, whose rules come with ICU and its
/// 34 MB of data: without them, `TimeZone.current` is always UTC.
public struct Zone: Sendable {
    private let offset: @Sendable (Date) -> Int

    /// A zone whose offset at each moment `secondsFromGMT` gives, in seconds east of UTC.
    public init(secondsFromGMT: @escaping @Sendable (Date) -> Int) {
        offset = secondsFromGMT
    }

    /// Foundation's zone, where the whole of Foundation is at hand (in tests).
    public init(_ timeZone: TimeZone) {
        self.init { timeZone.secondsFromGMT(for: $0) }
    }

    public static let utc = Zone { _ in 0 }

    /// The zone the system is set to, as the C library reads it.
    public static let system = Zone { date in
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// Seconds east of UTC at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        offset(date)
    }

    /// The day (days since 1970-01-01) and the second of that day that `date` is on the wall here.
    public func wallClock(at date: Date) -> (days: Int, second: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    /// The first moment of the day `days` after 1970-01-01 here: its midnight, found in two steps
    /// so that an offset that changes between UTC's midnight and the zone's is followed. Where the
    /// clocks skip midnight (Havana, Santiago, Cairo: 23:59:59 then 01:00), the day begins when
    /// they jump: midnight with the offset before the jump, a moment whose wall clock reads 01:00.
    public func startOfDay(_ days: Int) -> Date {
        let midnight = days * 86_400
        func at(_ second: Int) -> Date { Date(timeIntervalSince1970: Double(second)) }
        let guess = midnight - offset(at(midnight))
        let start = midnight - offset(at(guess))
        guard wallClock(at: at(start)).days < days else { return at(start) }
        return at(midnight - offset(at(start)))
    }

    /// The moment the wall clock here shows `second` seconds into the day `days` after 1970-01-01:
    /// found in two steps, as its midnight is, so that the offset at that moment is the one used.
    /// A time the clocks skip, or show twice, when they change is one of the moments beside it.
    public func moment(days: Int, second: Int) -> Date {
        let wall = days * 86_400 + second
        func at(_ second: Int) -> Date { Date(timeIntervalSince1970: Double(second)) }
        let guess = wall - offset(at(wall))
        return at(wall - offset(at(guess)))
    }
}
