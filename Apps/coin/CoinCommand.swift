import ArgumentParser
import ProgramKit

@main
struct CoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coin",
        abstract: "Flip fair coins. Every run can be replayed from its seed.",
        discussion: """
            Examples:
              coin flip                 one coin
              coin flip -n 10 --json    ten coins, as JSON
              coin flip -n 5 --seed 1   the same five flips on every run

            \(ProgramExit.explanation)
            """,
        subcommands: [Flip.self],
        defaultSubcommand: Flip.self
    )
}
