import AppCore
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options every program takes, as a line gave them: a plain value, which a quick line makes
/// without the parser's option types (`QuickLine`), as `CommonOptions.settings` gives what the
/// parser read.
public struct CommonSettings: Equatable, Sendable {
    public var json = false
    public var verbose = false
    public var now: String?
    public var record: String?
    public var storage = StoreSettings()

    public init(
        json: Bool = false, verbose: Bool = false, now: String? = nil, record: String? = nil,
        storage: StoreSettings = StoreSettings()
    ) {
        (self.json, self.verbose, self.now, self.record, self.storage) = (json, verbose, now, record, storage)
    }

    /// The clock: pinned by `--now` or `APPCORE_NOW`, else the system's.
    public func clock(environment: ProcessEnvironment = .current) throws -> TimeSource {
        guard let text = now ?? environment["APPCORE_NOW"] else { return .system }
        let source = now == nil ? "APPCORE_NOW" : "--now"
        if let moment = ValueCoding.parse(text) { return TimeSource(now: { moment }) }
        if let day = Day(iso: text) {
            // The day's first moment here, with the offset it has then: on the day summer time
            // starts east of UTC (Sydney, 2026-10-04), UTC's midnight already has the summer one.
            let start = Zone.system.startOfDay(day.ordinal).wholeMilliseconds
            return TimeSource(now: { start })
        }
        throw ProgramFailure(
            "\(source) is \"\(text)\"; write a moment such as 2026-11-22T12:00:00Z or a day such as 2026-11-22",
            exit: .usage)
    }
}
