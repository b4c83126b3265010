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
        abstract: "Show past flips and 8-Ball answers, newest first.",
        discussion: """
            The history lives in the store (see --store and --data) and keeps the last \
            \(CoinHistory.limit) tosses and the last \(EightBallHistory.limit) answers. \
            With --json, one object: {"entries": [{"type": "flip" | "eightball", "at": …, …}]}.

            Examples:
              coin history
              coin history --json
              coin history --clear
              coin history --watch
            """
    )

    @Flag(help: "Forget every past flip and answer.")
    var clear = false

    @Flag(help: "Show the history oldest first, then each flip and answer as any program makes it, until Ctrl-C.")
    var watch = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if watch && (clear || common.json) { throw ValidationError("--watch shows text as it comes: give it alone") }
    }

    func run() throws {
        try reportingFailures {
            let session = try Session(options: common)
            if clear {
                try clearHistory(session)
            } else if watch {
                try followHistory(session)
            } else {
                try showHistory(session)
            }
        }
    }

    /// Prints the entries no drawing before printed, oldest first, whenever the store changes.
    private func followHistory(_ session: Session) throws -> Never {
        let (style, time) = (TextStyle.forStandardOutput(), LocalTime())
        var shown: [HistoryEntry] = []
        try session.watch {
            let entries = try oldestFirst(session)
            for entry in entriesAdded(to: shown, in: entries) { print(entry.line(style: style, time: time)) }
            shown = entries
        }
    }

    private func clearHistory(_ session: Session) throws {
        for answer in try session.send(.coin(.clearHistory)) + session.send(.eightBall(.clearHistory)) {
            switch answer {
            case .coin(.failed(let reason)): throw ProgramFailure(reason)
            case .eightBall(.failed(let reason)): throw ProgramFailure(reason)
            default: continue
            }
        }
        if common.json { try printJSON(["cleared": true]) } else { print("History cleared.") }
    }

    /// Every entry, flips and answers together, oldest first; the sort is stable, so entries of
    /// one moment keep the order they were kept in.
    private func oldestFirst(_ session: Session) throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        for answer in try session.send(.coin(.showHistory)) + session.send(.eightBall(.showHistory)) {
            switch answer {
            case .coin(.history(let tosses)): entries += tosses.map(HistoryEntry.flip)
            case .eightBall(.history(let answers)): entries += answers.map(HistoryEntry.eightBall)
            default: continue
            }
        }
        return entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    private func showHistory(_ session: Session) throws {
        let newestFirst = Array(try oldestFirst(session).reversed())
        if common.json {
            try printJSON(HistoryReport(entries: newestFirst))
        } else if newestFirst.isEmpty {
            print("No flips or answers yet.")
        } else {
            let (style, time) = (TextStyle.forStandardOutput(), LocalTime())
            for entry in newestFirst { print(entry.line(style: style, time: time)) }
        }
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
