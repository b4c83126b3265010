/// Why dice could not be rolled or weighed, in words a player understands.
public enum DiceFailure: AppFailure, Codable, Equatable, Sendable {
    /// The notation is not well formed; `position` counts characters from 1.
    case syntax(expression: String, position: Int, problem: String)
    /// Well formed, but asks for what cannot be: dice with no sides, explosions without end.
    case impossible(expression: String, problem: String)
    /// Within reason in form, beyond a documented limit in size.
    case overLimit(expression: String, problem: String)
    case timesOutOfRange(times: Int, limit: Int)
    case notStored(reason: String)
    /// What the store holds could not be read.
    case unreadable(reason: String)

    public var kind: FailureKind {
        switch self {
        case .syntax, .impossible, .overLimit, .timesOutOfRange: .invalidRequest
        case .notStored: .storage
        case .unreadable: .unreadable
        }
    }

    /// The longest expression a message repeats in full; longer ones are cut, so that one
    /// line on stderr stays one line a person reads.
    public static let shownLength = 40

    static func shortened(_ expression: String, around position: Int = 1) -> String {
        guard expression.count > shownLength else { return expression }
        let start = max(0, min(position - shownLength / 2, expression.count - shownLength))
        let shown = expression.dropFirst(start).prefix(shownLength)
        return (start > 0 ? "…" : "") + shown + (start + shownLength < expression.count ? "…" : "")
    }

    public var description: String {
        switch self {
        case .syntax(let expression, let position, let problem):
            "in \"\(Self.shortened(expression, around: position))\" at character \(position): \(problem)"
        case .impossible(let expression, let problem):
            "\"\(Self.shortened(expression))\" cannot be rolled: \(problem)"
        case .overLimit(let expression, let problem):
            "\"\(Self.shortened(expression))\" is too large: \(problem)"
        case .timesOutOfRange(let times, let limit):
            "cannot roll \(times) times: the number of rolls must be from 1 to \(limit)"
        case .notStored(let reason):
            "the roll was not kept: \(reason)"
        case .unreadable(let reason): reason
        }
    }
}
