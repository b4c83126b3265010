import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a context's words pick, read as `todo list` reads a filter, at the moment it is applied
/// (so `due.before:eow` is this week's end). A context picks by what to-dos have, never by id: a
/// word that is nothing else reads as an id (`xor`, a typo of `or`), which would name no to-do
/// tomorrow, so it is refused at `define` and again where a context is applied.
extension TodoContext {
    /// The filter `words` make at `now`, or why they make none.
    static func filter(_ words: [String], now: Date, timeZone: Zone) throws(TodoContextFailure) -> TodoFilter {
        let filter: TodoFilter?
        do throws(TodoWords.Failure) {
            filter = try TodoFilterWords.read(words, now: now, timeZone: timeZone)
        } catch {
            throw .badFilter(problem: error.description)
        }
        guard let filter else { throw .badFilter(problem: "no words were given") }
        if let id = filter.references.first {
            throw .badFilter(
                problem: "\(id) reads as a to-do's id, which a context never keeps: it picks by +tag, @context, "
                    + "project:, due:, priority:, status: or /pattern/")
        }
        return filter
    }

    /// What a listing picks in this context, beside its own filter `picked`: both, each holding.
    /// Where the context's words make no filter (kept by an earlier version, or read otherwise
    /// now), the failure names the context and the way out.
    public func applied(to picked: TodoFilter?, now: Date, timeZone: Zone) throws(TodoContextFailure) -> TodoFilter {
        let own: TodoFilter
        do throws(TodoContextFailure) {
            own = try Self.filter(words, now: now, timeZone: timeZone)
        } catch {
            throw .inUseMakesNoFilter(name: name, problem: error.description)
        }
        return picked.map { .all([own, $0]) } ?? own
    }
}

extension TodoFilter {
    /// Every id, or start of one, the filter names, in the order written.
    var references: [String] {
        switch self {
        case .ids(let references): references
        case .all(let filters), .any(let filters): filters.flatMap(\.references)
        case .not(let filter): filter.references
        default: []
        }
    }
}
