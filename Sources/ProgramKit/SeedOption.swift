import AppCore
import ArgumentParser

/// `--seed`: where chance is involved, the same seed replays the same results.
public struct SeedOption: ParsableArguments {
    @Option(
        help:
            "Replay exactly: the same seed gives the same results on every machine. Without it a seed is drawn and reported (-v, --json)."
    )
    public var seed: UInt64?

    public init() {}

    /// No `--seed`, as the parser sets it: a seed is drawn.
    public static var drawn: SeedOption {
        var option = SeedOption()
        option.seed = nil
        return option
    }

    /// The seed given, or a new one drawn from the system.
    public func resolve() -> UInt64 { seed ?? RandomSource.drawSeed() }
}
