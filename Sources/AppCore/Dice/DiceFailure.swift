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

    public var kind: FailureKind {
        switch self {
        case .syntax, .impossible, .overLimit, .timesOutOfRange: .invalidRequest
        case .notStored: .storage
        }
    }

    public var description: String {
        switch self {
        case .syntax(let expression, let position, let problem):
            "in \"\(expression)\" at character \(position): \(problem)"
        case .impossible(let expression, let problem):
            "\"\(expression)\" cannot be rolled: \(problem)"
        case .overLimit(let expression, let problem):
            "\"\(expression)\" is too large: \(problem)"
        case .timesOutOfRange(let times, let limit):
            "cannot roll \(times) times: the number of rolls must be from 1 to \(limit)"
        case .notStored(let reason):
            "the roll was not kept: \(reason)"
        }
    }
}
