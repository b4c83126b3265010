import AppCore
import ProgramKit

/// What a listing or a report picks: the filter its words make, and beside it the filter of the
/// context in use (`todo context`), read again at each listing, so that `due.before:eow` is this
/// week's end.
struct ListingFilter {
    let filter: TodoFilter?
    let context: TodoContext?

    /// The filter `words` make, in the context in use, if any; words that are no filter are a usage
    /// error naming `command`'s help.
    static func read(_ words: [String], command: String, in session: Session) throws -> ListingFilter {
        let picked = try TodoFilterWords.readForProgram(words, command: command, in: session)
        let answer = try session.send(.current, to: TodoContextFeature.self)
        guard case .current(let context) = answer else { throw ProgramFailure.unexpected(answer) }
        guard let context else { return ListingFilter(filter: picked, context: nil) }
        do {
            let filter = try context.applied(to: picked, now: session.now, timeZone: session.timeZone)
            return ListingFilter(filter: filter, context: context)
        } catch {
            throw ProgramFailure(error.description, exit: .data)
        }
    }

    /// The line that says the context in use, `context work: project:work`; nil where none is.
    var line: String? { context.map { TerminalText.escaped($0.line) } }

    /// Says the context in use, if any: as the first line of a listing in text, or on standard
    /// error where standard output is JSON or a number a script reads.
    func say(aside: Bool) {
        guard let line else { return }
        if aside { StandardError.line(line) } else { print(line) }
    }
}
