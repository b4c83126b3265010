import ArgumentParser

/// Which store a program's AppCore keeps its state in.
public enum StoreKind: String, CaseIterable, ExpressibleByArgument, Sendable {
    case memory
    case disk
    case sqlite
    case postgres
}

/// `--store` and `--data`, with `APPCORE_STORE` and `APPCORE_DATA` as defaults.
public struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where state is kept.",
            discussion: "Default: $APPCORE_STORE, else sqlite."))
    public var store: StoreKind?

    @Option(
        help: ArgumentHelp(
            "The file the disk or sqlite store keeps its data in, or the postgres store's URL.",
            discussion: """
                Default: $APPCORE_DATA, else a file in $XDG_DATA_HOME/appcore (else ~/.local/share/appcore); \
                for postgres, postgresql:// with libpq's $PGHOST, $PGDATABASE and the rest. A URL's \
                parameter store=NAME picks one of many stores in one database (default: appcore).
                """),
        completion: .file())
    public var data: String?

    public init() {}

    /// What the line chose, as a plain value.
    public var settings: StoreSettings { StoreSettings(store: store, data: data) }
}
