import AppCore
import ArgumentParser
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options every program takes: how to show the answer and where the data lives.
public struct CommonOptions: ParsableArguments {
    @Flag(help: "Print one JSON object on stdout instead of text.")
    public var json = false

    @Flag(name: .shortAndLong, help: "Show more: every detail, and the seed to replay the run.")
    public var verbose = false

    @Option(
        help: ArgumentHelp(
            "Pin the clock to this moment, such as 2026-11-22T12:00:00Z or 2026-11-22, for tests and scripts.",
            discussion: "Default: $APPCORE_NOW, else the system clock."))
    public var now: String?

    @Option(
        help: ArgumentHelp(
            "Append this run to a scenario file, to replay with `headless replay FILE`.",
            discussion: "Default: $APPCORE_RECORD, else no recording."),
        completion: .file())
    public var record: String?

    @OptionGroup(title: "Storage")
    public var storage: StoreOptions

    public init() {}
}

extension CommonOptions {
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
