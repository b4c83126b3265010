import AppCore
import ArgumentParser

/// The options every program takes: how to show the answer and where the data lives.
public struct CommonOptions: ParsableArguments {
    @Flag(help: "Print one JSON object on stdout instead of text.")
    public var json = false

    @Flag(name: .shortAndLong, help: "Show more: every detail, and the seed to replay the run.")
    public var verbose = false

    @OptionGroup(title: "Storage")
    public var storage: StoreOptions

    public init() {}
}
