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
        abstract: "Show past flips and 8-Ball answers, newest first.",
        discussion: """
            The history lives in the store (see --store and --data) and keeps the last \
            \(CoinHistory.limit) tosses and the last \(EightBallHistory.limit) answers. \
            With --json, one object: {"entries": [{"type": "flip" | "eightball", "at": …, …}]}.

            Examples:
              coin history
              coin history --json
              coin history --clear --yes   forget it all, without asking
              coin history --watch
            """
    )

    @OptionGroup var options: HistoryOptions

    func run() throws {
        try options.run(
            HistoryShown(
                entries: Self.oldestFirst,
                clear: { session in
                    _ = try session.send(.clearHistory, to: CoinFeature.self)
                    _ = try session.send(.clearHistory, to: EightBallFeature.self)
                },
                line: { $0.line(style: $1, time: $2) }, report: HistoryReport.init, none: "No flips or answers yet."))
    }

    /// Every entry, flips and answers together, oldest first; the sort is stable, so entries of
    /// one moment keep the order they were kept in.
    private static func oldestFirst(_ session: Session) throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        let flips = try session.send(.showHistory, to: CoinFeature.self)
        guard case .history(let tosses) = flips else { throw ProgramFailure.unexpected(flips) }
        let readings = try session.send(.showHistory, to: EightBallFeature.self)
        guard case .history(let answers) = readings else { throw ProgramFailure.unexpected(readings) }
        entries += tosses.map(HistoryEntry.flip)
        entries += answers.map(HistoryEntry.eightBall)
        return entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
}

/// One line of the history: a toss or an answer.
enum HistoryEntry: Encodable, Equatable {
    case flip(CoinToss)
    case eightBall(EightBallReading)

    var at: Date {
        switch self {
        case .flip(let toss): toss.at
        case .eightBall(let answer): answer.at
        }
    }

    func line(style: TextStyle, time: LocalTime) -> String {
        let when = style.dim(time.string(from: at))
        switch self {
        case .flip(let toss):
            return "\(when)  flip    \(FlipText.letters(toss.flips))  \(FlipText.counts(toss))"
        case .eightBall(let answer):
            return
                "\(when)  8-ball  \"\(TerminalText.escaped(answer.question))\" \(EightBallText.face(answer.face, style: style))"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, at, flips, heads, tails, question, answer, kind
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        switch self {
        case .flip(let toss):
            try container.encode("flip", forKey: .type)
            try container.encode(toss.flips, forKey: .flips)
            try container.encode(toss.heads, forKey: .heads)
            try container.encode(toss.tails, forKey: .tails)
        case .eightBall(let answer):
            try container.encode("eightball", forKey: .type)
            try container.encode(answer.question, forKey: .question)
            try container.encode(answer.face.text, forKey: .answer)
            try container.encode(answer.face.kind, forKey: .kind)
        }
    }
}

/// The JSON object `coin history --json` prints.
struct HistoryReport: Encodable {
    let entries: [HistoryEntry]
}
