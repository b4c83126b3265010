/// Why the 8-Ball did not answer, in words for the person who asked.
public enum EightBallFailure: AppFailure, Codable, Equatable, Sendable {
    case emptyQuestion
    case questionTooLong(length: Int, limit: Int)
    case controlCharacter(character: String)
    case notStored(reason: String)
    /// What the store holds could not be read.
    case unreadable(reason: String)

    public var kind: FailureKind {
        switch self {
        case .emptyQuestion, .questionTooLong, .controlCharacter: .invalidRequest
        case .notStored: .storage
        case .unreadable: .unreadable
        }
    }

    public var description: String {
        switch self {
        case .emptyQuestion:
            "ask the 8-Ball a question: it cannot answer an empty one"
        case .questionTooLong(let length, let limit):
            "the question is \(length) characters long; the 8-Ball hears at most \(limit)"
        case .controlCharacter(let character):
            "the question holds \(character), a control character: text cannot hold control or bidi characters"
        case .notStored(let reason):
            "the answer was not kept: \(reason)"
        case .unreadable(let reason): reason
        }
    }
}
