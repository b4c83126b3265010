import AppCore
import ArgumentParser
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show past rolls, newest first.",
        discussion: """
            The history lives in the store (see --store and --data) and keeps the last \
            \(DiceHistory.limit) rolls, each with its totals. With --json, one object:
            {"rolls": [{"expression": …, "at": …, "totals": [N, …]}]}.

            Examples:
              dice history
              dice history --json
              dice history --clear
              dice history --watch
            """
    )

    @Flag(help: "Forget every past roll.")
    var clear = false

    @Flag(help: "Show the history oldest first, then each roll as any program makes it, until Ctrl-C.")
    var watch = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if watch && (clear || common.json) { throw ValidationError("--watch shows text as it comes: give it alone") }
    }

    func run() throws {
        try reportingFailures {
            let session = try Session(options: common)
            if watch { try follow(session) }
            for answer in try session.send(clear ? .dice(.clearHistory) : .dice(.showHistory)) {
                switch answer {
                case .dice(.history(let rolls)): try show(rolls.reversed())
                case .dice(.historyCleared):
                    if common.json { try printJSON(["cleared": true]) } else { print("History cleared.") }
                case .dice(.failed(let reason)): throw ProgramFailure(reason)
                default: continue
                }
            }
        }
    }

    /// Prints the rolls no drawing before printed, oldest first, whenever the store changes.
    private func follow(_ session: Session) throws -> Never {
        let (style, time) = (TextStyle.forStandardOutput(), LocalTime())
        var shown: [DiceRoll] = []
        try session.watch {
            var rolls: [DiceRoll] = []
            for case .dice(.history(let kept)) in try session.send(.dice(.showHistory)) { rolls = kept }
            for roll in entriesAdded(to: shown, in: rolls) { print(Self.line(roll, style: style, time: time)) }
            shown = rolls
        }
    }

    private static func line(_ roll: DiceRoll, style: TextStyle, time: LocalTime) -> String {
        let totals = roll.results.map { String($0.total) }.joined(separator: " ")
        return "\(style.dim(time.string(from: roll.at)))  \(TerminalText.escaped(roll.expression))  → \(totals)"
    }

    private func show(_ rolls: [DiceRoll]) throws {
        if common.json {
            try printJSON(["rolls": rolls.map(HistoryLine.init)])
        } else if rolls.isEmpty {
            print("No rolls yet.")
        } else {
            let (style, time) = (TextStyle.forStandardOutput(), LocalTime())
            for roll in rolls { print(Self.line(roll, style: style, time: time)) }
        }
    }
}

/// One past roll as `dice history --json` prints it.
struct HistoryLine: Encodable {
    let expression: String
    let at: Date
    let totals: [Int]

    init(_ roll: DiceRoll) {
        expression = roll.expression
        at = roll.at
        totals = roll.results.map(\.total)
    }
}
