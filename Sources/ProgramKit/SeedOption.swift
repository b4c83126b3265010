import AppCore
import ArgumentParser

/// `--seed`: where chance is involved, the same seed replays the same results.
public struct SeedOption: ParsableArguments {
    @Option(
        help:
            "Replay exactly: the same seed gives the same results on every machine. Without it a seed is drawn and reported (-v, --json).",
        transform: SeedOption.seed)
    public var seed: UInt64?

    public init() {}

    /// A seed as written, or why it is not one, in words that say what a seed may be.
    static func seed(_ text: String) throws -> UInt64 {
        if let seed = UInt64(text) { return seed }
        let range = "a seed is a whole number from 0 to \(UInt64.max)"
        if text.hasPrefix("-") { throw ValidationError("\(range); \(text) is negative") }
        throw ValidationError("\(range), not \(text)")
    }

    /// The program's arguments, `--seed -1` read as a seed, not as an option `-1` after a
    /// `--seed` without its value, so that it is told why it is not one.
    public static func arguments(_ given: [String] = Array(CommandLine.arguments.dropFirst())) -> [String] {
        var arguments: [String] = []
        var remaining = given[...]
        while let argument = remaining.popFirst() {
            if argument == "--seed", let value = remaining.first, value.hasPrefix("-"), value != "--" {
                remaining.removeFirst()
                arguments.append("--seed=\(value)")
            } else {
                arguments.append(argument)
            }
        }
        return arguments
    }

    /// No `--seed`, as the parser sets it: a seed is drawn.
    public static var drawn: SeedOption {
        var option = SeedOption()
        option.seed = nil
        return option
    }

    /// The seed given, or a new one drawn from the system.
    public func resolve() -> UInt64 { Self.resolve(seed) }

    /// `seed`, or where there is none a new one drawn from the system: for a plain request, which
    /// keeps the seed a line gave without this option's type (`QuickLine`).
    public static func resolve(_ seed: UInt64?) -> UInt64 { seed ?? RandomSource.drawSeed() }
}
