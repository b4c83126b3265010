import AppCore
import Essentials
import ProgramKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The to-dos a command that changes several works on: those its ids name, or those its filter
/// picks, which are the to-dos `todo list FILTER` shows. More than `fewest` are changed only when
/// someone said so: asked on a terminal, or `--yes` elsewhere.
struct PickedTodos {
    /// How many a filter may pick before the command asks.
    static let fewest = 3

    let words: [String]
    let yes: Bool

    /// The references to send, in a session: the ids as typed where the words are ids alone (which
    /// reads no other to-do), else the whole ids of the to-dos the filter picks among those of
    /// `status`. None where the person asked said no. `action` says what the command does to them
    /// all: `mark them all done`.
    func references(
        in session: Session, command: String, among status: TodoQuery.Status, doing action: String
    ) throws -> [String]? {
        guard let filter = try TodoFilterWords.readForProgram(words, command: command, in: session) else {
            throw ProgramFailure("name the to-dos: their ids, or a filter such as +errands", exit: .usage)
        }
        if let references = filter.onlyIDs { return references }
        let query = TodoQuery(status: filter.namesStatusOrIDs ? .all : status, filter: filter)
        let answer = try session.send(.list(query: query), to: TodoFeature.self)
        guard case .listed(let items, let abbreviation, _) = answer else { throw ProgramFailure.unexpected(answer) }
        guard !items.isEmpty else {
            throw ProgramFailure(
                "no to-do matches \(TerminalText.escaped(words.joined(separator: " "))); `todo list` with the same words shows what a filter picks",
                exit: .notFound)
        }
        if items.count <= Self.fewest || yes { return items.map(\.id.value) }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ProgramFailure(
                "the filter picks \(items.count) to-dos, more than \(Self.fewest): add --yes to \(action) where no one can be asked",
                exit: .usage)
        }
        try show(items, abbreviation: abbreviation, json: false, in: session)
        StandardError.write("\(items.count) to-dos: \(action)? [y/N] ")
        let reply = readLine()?.trimmingWhitespace().lowercased()
        return reply == "y" || reply == "yes" ? items.map(\.id.value) : nil
    }
}

extension TodoFilterWords {
    /// The filter `words` make, dates read in `session`'s time; words that are no filter are a usage
    /// error naming the help that explains them.
    static func readForProgram(_ words: [String], command: String, in session: Session) throws -> TodoFilter? {
        do {
            return try read(words, now: session.now, timeZone: session.timeZone)
        } catch {
            throw ProgramFailure("\(error.description) (see 'todo \(command) --help')", exit: .usage)
        }
    }
}
