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

    @OptionGroup var options: HistoryOptions

    func run() throws {
        try options.run(
            HistoryShown(
                entries: { session in
                    guard case .history(let rolls) = try session.send(.showHistory, to: DiceFeature.self) else {
                        return []
                    }
                    return rolls
                },
                clear: { _ = try $0.send(.clearHistory, to: DiceFeature.self) },
                line: Self.line, report: { ["rolls": $0.map(HistoryLine.init)] }, none: "No rolls yet."))
    }

    private static func line(_ roll: DiceRoll, style: TextStyle, time: LocalTime) -> String {
        let totals = roll.results.map { String($0.total) }.joined(separator: " ")
        return "\(style.dim(time.string(from: roll.at)))  \(TerminalText.escaped(roll.expression))  → \(totals)"
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
