import AppCore
import ArgumentParser
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct History: HistoryCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show past rolls, newest first.",
        discussion: """
            The history lives in the store (see --store and --data) and keeps the last \
            \(DiceHistory.limit) rolls, each with its totals. With --json, one object:
            {"rolls": [{"expression": …, "at": …, "totals": [N, …], "comment": …}]}, \
            "comment" only where the roll had one.

            Examples:
              dice history
              dice history --json
              dice history --clear --yes   forget it all, without asking
              dice history --watch
            """
    )

    @OptionGroup var options: HistoryOptions

    func run() throws {
        try options.run(
            HistoryShown(
                entries: { session in
                    let answer = try session.send(.showHistory, to: DiceFeature.self)
                    guard case .history(let rolls) = answer else { throw ProgramFailure.unexpected(answer) }
                    return rolls
                },
                clear: { _ = try $0.send(.clearHistory, to: DiceFeature.self) },
                line: Self.line, report: { ["rolls": $0.map(HistoryLine.init)] }, none: "No rolls yet."))
    }

    private static func line(_ roll: DiceRoll, style: TextStyle, time: LocalTime) -> String {
        let totals = roll.results.map { String($0.total) }.joined(separator: " ")
        let comment = roll.comment.map { "  # " + TerminalText.escaped($0) } ?? ""
        let expression = TerminalText.escaped(roll.expression)
        return "\(style.dim(time.string(from: roll.at)))  \(expression)  → \(totals)\(comment)"
    }
}

/// One past roll as `dice history --json` prints it.
struct HistoryLine: Encodable {
    let expression: String
    let at: Date
    let totals: [Int]
    let comment: String?

    init(_ roll: DiceRoll) {
        expression = roll.expression
        at = roll.at
        totals = roll.results.map(\.total)
        comment = roll.comment
    }
}
