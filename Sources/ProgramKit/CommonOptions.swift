import ArgumentParser

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
    /// What the line gave, as plain values.
    public var settings: CommonSettings {
        CommonSettings(json: json, verbose: verbose, now: now, record: record, storage: storage.settings)
    }
}
