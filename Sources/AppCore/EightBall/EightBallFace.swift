/// One of the Magic 8-Ball's twenty classic answers.
public struct EightBallFace: Codable, Equatable, Sendable {
    public let text: String
    public let kind: EightBallKind

    /// The twenty answers, each equally likely: ten affirmative, five non-committal, five negative.
    public static let all: [EightBallFace] =
        [
            "It is certain.", "It is decidedly so.", "Without a doubt.", "Yes definitely.", "You may rely on it.",
            "As I see it, yes.", "Most likely.", "Outlook good.", "Yes.", "Signs point to yes.",
        ].map { EightBallFace(text: $0, kind: .affirmative) }
        + [
            "Reply hazy, try again.", "Ask again later.", "Better not tell you now.", "Cannot predict now.",
            "Concentrate and ask again.",
        ].map { EightBallFace(text: $0, kind: .nonCommittal) }
        + [
            "Don't count on it.", "My reply is no.", "My sources say no.", "Outlook not so good.", "Very doubtful.",
        ].map { EightBallFace(text: $0, kind: .negative) }
}
