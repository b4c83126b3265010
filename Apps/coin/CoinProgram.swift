import ArgumentParser
import ProgramKit

@main
struct CoinProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coin",
        abstract: "Flip fair coins and ask the Magic 8-Ball. Every run can be replayed from its seed.",
        discussion: """
            Examples:
              coin flip                          one coin
              coin flip -n 10 --json             ten coins, as JSON
              coin flip -n 5 --seed 1            the same five flips on every run
              coin flip -n 1000 --stats          runs, and how surprising the counts are
              coin until HHT --times 100         how long until heads, heads, tails?
              coin eightball "Will it work?"     ask the 8-Ball
              coin history                       past flips and answers, newest first

            \(ProgramExit.explanation)
            """,
        version: ProgramVersion.current,
        subcommands: [Flip.self, Until.self, EightBall.self, History.self],
        defaultSubcommand: Flip.self
    )

    static func main() { main(readingQuickly: quickly) }

    /// `coin`, `coin flip` and `coin history`, read as the parser reads them; every other line
    /// goes to the parser.
    static func quickly(_ line: QuickLine) -> (any QuickCommand)? {
        switch line.words {
        case [], ["flip"]: FlipRun.oneCoin(from: line)
        case ["history"]: History.quick(from: line)
        default: nil
        }
    }
}
