/// Why a to-do command did not happen, in words for the person who asked.
public enum TodoFailure: AppFailure, Codable, Equatable, Sendable {
    case emptyTitle
    case titleTooLong(length: Int, limit: Int)
    case titleHasLineBreak
    case badTag(tag: String)
    case emptyProject
    case negativeTimeSpent(seconds: Int)
    /// A recurrence on a to-do with no due day, which the next one's is counted from.
    case recurrenceNeedsDue
    case emptyAnnotation
    case annotationHasLineBreak
    /// `denotate` with text that no annotation of the to-do holds, or that several hold.
    case noSuchAnnotation(reference: String, text: String)
    case ambiguousAnnotation(reference: String, text: String, count: Int)
    /// A dependency on a to-do that is not there, on the to-do itself, or one that closes a cycle.
    case badDependency(reference: String, problem: String)
    /// `stop` of a to-do that was not started.
    case notStarted(reference: String)
    /// `start` of a to-do that was started and not stopped.
    case alreadyStarted(reference: String)
    case controlCharacter(field: String, character: String)
    case overLimit(what: String, size: Int, limit: Int, unit: String?)
    case badExtra(extra: String, problem: String)
    case badID(id: String, limit: Int)
    case notFound(reference: String)
    /// A start of an id shorter than those the list shows, which could pick a to-do by chance.
    case referenceTooShort(reference: String, shortest: Int)
    /// A filter's `/pattern/` that is no regular expression.
    case badPattern(pattern: String, problem: String)
    case ambiguous(reference: String, matches: [TodoID])
    case nothingToUndo
    case nothingToRedo
    case duplicateID(id: TodoID)
    case unreadableImport(format: String, line: Int?, problem: String)
    /// A file to import holds more to-dos than one import takes.
    case tooMany(count: Int, limit: Int)
    case notStored(reason: String)
    /// A part of the store the change had to read is damaged; `description` names the store.
    /// What the store holds could not be read.
    case unreadable(reason: String)

    public var kind: FailureKind {
        switch self {
        case .notFound: .notFound
        // An import's file is data: what it holds, malformed or too much, is a data error.
        case .unreadableImport, .tooMany: .dataError
        case .notStored: .storage
        case .unreadable: .unreadable
        default: .invalidRequest
        }
    }

    public var description: String {
        switch self {
        case .emptyTitle: "a to-do needs a title: it cannot be empty"
        case .titleTooLong(let length, let limit): "the title is \(length) characters long; the limit is \(limit)"
        case .titleHasLineBreak: "a title is one line: it cannot hold a line break"
        case .badTag(let tag): "\"\(tag)\" is not a tag: a tag is one word, with no spaces"
        case .emptyProject: "a project needs a name: to clear it, give none"
        case .negativeTimeSpent(let seconds): "the time spent is \(seconds) seconds: it cannot be less than none"
        case .badDependency(let reference, let problem): "cannot depend on \(reference): \(problem)"
        case .emptyAnnotation: "an annotation needs text: it cannot be empty"
        case .annotationHasLineBreak: "an annotation is one line: it cannot hold a line break"
        case .noSuchAnnotation(let reference, let text):
            "no annotation of \(reference) holds \"\(text)\"; `todo show \(reference)` shows them"
        case .ambiguousAnnotation(let reference, let text, let count):
            "\(count) annotations of \(reference) hold \"\(text)\": give the whole of one"
        case .recurrenceNeedsDue:
            "a recurring to-do needs a due day, which the next one's is counted from: give due:, or clear recur:"
        case .notStarted(let reference): "\(reference) was not started: `todo start \(reference)` starts it"
        case .alreadyStarted(let reference): "\(reference) is started already: `todo stop \(reference)` stops it"
        case .controlCharacter(let field, let character):
            "\(field) holds \(character), a control character: text cannot hold control or bidi characters"
        case .overLimit(let what, let size, let limit, let unit):
            "\(what): \(size)\(unit.map { " \($0)" } ?? ""), more than the limit of \(limit)"
        case .badExtra(let extra, let problem): "\"\(extra.excerpt)\" is not an extra (key:value): \(problem)"
        case .badID(let id, let limit):
            "\"\(id.excerpt)\" is not an id: an id is one word, with no spaces, of at most \(limit) bytes"
        case .notFound(let reference): "no to-do has the id \(reference.excerpt); `todo list --all` shows every id"
        case .referenceTooShort(let reference, let shortest):
            "\(reference.excerpt) is too short to be an id here: type at least \(shortest) characters of one, "
                + "as `todo list` shows them"
        case .badPattern(let pattern, let problem): "/\(pattern.excerpt)/ is no regular expression: \(problem)"
        case .ambiguous(let reference, let matches):
            "\(reference.excerpt) names \(matches.count) to-dos (\(Self.firstFive(of: matches))): type more of the id"
        case .nothingToUndo: "there is nothing to undo"
        case .nothingToRedo: "there is nothing to redo"
        case .duplicateID(let id): "a to-do with the id \(id) is already there"
        case .unreadableImport(let format, let line, let problem):
            "cannot import this \(format) file\(line.map { " (line \($0))" } ?? ""): \(problem). Nothing was imported."
        case .tooMany(let count, let limit): "\(count) to-dos at once is more than the limit of \(limit)"
        case .notStored(let reason): "the change was not kept: \(reason)"
        case .unreadable(let reason): reason
        }
    }

    /// The first five ids, and how many more there are.
    private static func firstFive(of ids: [TodoID]) -> String {
        let named = ids.prefix(5).map(\.value).joined(separator: ", ")
        return ids.count > 5 ? "\(named) and \(ids.count - 5) more" : named
    }
}
