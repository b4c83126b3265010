import AppCore
import ArgumentParser
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct EightBall: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eightball",
        abstract: "Ask the Magic 8-Ball a yes-or-no question.",
        discussion: """
            One of the twenty classic answers, each equally likely: ten affirmative, five \
            non-committal, five negative. With --json, one object: {"question": …, "answer": …, \
            "kind": "affirmative" | "non-committal" | "negative", "seed": …}.

            Examples:
              coin eightball "Will it work?"
              coin 8ball "Should I take the job?" --json
            """,
        aliases: ["8ball"]
    )

    @Argument(help: "The question, in quotes. It may not be empty.")
    var question: String

    @OptionGroup var chance: SeedOption
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session(options: common, seed: chance.resolve())
            let answer = try session.send(.ask(question: question), to: EightBallFeature.self)
            guard case .answered(let reading) = answer else { throw ProgramFailure.unexpected(answer) }
            try show(reading, seed: session.seed)
        }
    }

    private func show(_ answer: EightBallReading, seed: UInt64) throws {
        if common.json {
            try printJSON(EightBallReport(seed: seed, answer: answer))
            return
        }
        let style = TextStyle.forStandardOutput()
        if common.verbose { print(TerminalText.escaped(answer.question)) }
        print(EightBallText.face(answer.face, style: style))
        if common.verbose { print(style.seedNote(seed)) }
    }
}

/// The JSON object `coin eightball --json` prints.
struct EightBallReport: Encodable {
    let seed: UInt64
    let question: String
    let answer: String
    let kind: EightBallKind

    init(seed: UInt64, answer: EightBallReading) {
        self.seed = seed
        question = answer.question
        self.answer = answer.face.text
        kind = answer.face.kind
    }
}

/// How an answer reads as text: green for yes, yellow for maybe, red for no.
enum EightBallText {
    static func face(_ face: EightBallFace, style: TextStyle) -> String {
        switch face.kind {
        case .affirmative: style.green(face.text)
        case .nonCommittal: style.yellow(face.text)
        case .negative: style.red(face.text)
        }
    }
}
