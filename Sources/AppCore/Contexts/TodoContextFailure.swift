import Essentials

/// Why a context command did not happen, in words for the person who asked.
public enum TodoContextFailure: AppFailure, Codable, Equatable, Sendable {
    case unknown(name: String, known: [String])
    /// A name that is no single word of letters, digits, `-`, `_` and `.`, too long, or `none`.
    case badName(name: String)
    /// Words that make no filter, or none at all, with what the filter's reader said.
    case badFilter(problem: String)
    /// The context in use makes no filter where it is applied: a listing lists nothing in it.
    case inUseMakesNoFilter(name: String, problem: String)
    case notStored(reason: String)
    /// What the store holds could not be read.
    case unreadable(reason: String)

    public var kind: FailureKind {
        switch self {
        case .unknown: .notFound
        case .badName, .badFilter: .invalidRequest
        case .inUseMakesNoFilter: .dataError
        case .notStored: .storage
        case .unreadable: .unreadable
        }
    }

    public var description: String {
        switch self {
        case .unknown(let name, []):
            "there is no context \(name), nor any other: `todo context define \(name) FILTER` makes one"
        case .unknown(let name, let known):
            "there is no context \(name); there are \(known.joined(separator: ", ")) (`todo context list`)"
        case .badName(let name):
            // A name of thousands of characters is said by its start.
            "\(name.isEmpty ? "an empty name" : "“\(name.excerpt)”") is no name for "
                + "a context: one word of letters, digits, -, _ or ., not starting with -, up to "
                + "\(TodoContextLimits.nameCharacters) characters, and not \(TodoContextName.reserved.dropLast().joined(separator: ", ")) or "
                + "\(TodoContextName.reserved.last ?? "")"
        case .badFilter(let problem): "a context's words must make a filter: \(problem)"
        case .inUseMakesNoFilter(let name, let problem):
            "the context \(name) in use makes no filter (\(problem)): define it again, or `todo context none`"
        case .notStored(let reason): "the contexts were not changed: \(reason)"
        case .unreadable(let reason): reason
        }
    }
}

/// How large a context may be, checked before one is kept.
public enum TodoContextLimits {
    public static let nameCharacters = 64
    /// The words of its filter, joined by spaces.
    public static let wordsCharacters = 2_000
}
