import Essentials
import Fractal
import Stores

/// Saves a filter's words under a name, in place of what the name held: the name one word, the
/// words a filter as `todo list` reads it now (read again each time the context is applied).
func createDefineContext(
    store: Store<TodoContexts>, clock: TimeSource, output: @escaping Output<TodoContextAnswer>
) -> Input<(name: String, words: [String])> {
    { request in
        answering(output) {
            let name = try TodoContextName.checked(request.name)
            let words = request.words.filter { !$0.trimmingWhitespace().isEmpty }
            guard !words.isEmpty else { throw TodoContextFailure.badFilter(problem: "no words were given") }
            let length = words.reduce(words.count - 1) { $0 + $1.count }
            guard length <= TodoContextLimits.wordsCharacters else {
                throw TodoContextFailure.badFilter(
                    problem: "its words are \(length) characters; at most \(TodoContextLimits.wordsCharacters) are kept"
                )
            }
            _ = try TodoContext.filter(words, now: clock.now(), timeZone: clock.timeZone)
            let before = try readingContexts(store) { $0.defined[name] }
            try keepContexts(.define(name: name, words: words), in: store)
            return .defined(context: TodoContext(name: name, words: words), replaced: before)
        }
    }
}

/// What a context may be named: one word, so that `todo context NAME` reads it whole, and not
/// starting with `-`, which it would read as an option.
public enum TodoContextName {
    /// The words `todo context` reads as its own, which no context may be named.
    public static let reserved = ["none", "use", "list", "define", "delete", "show", "help"]

    static func checked(_ name: String) throws(TodoContextFailure) -> String {
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        guard !name.isEmpty, name.count <= TodoContextLimits.nameCharacters, allowed, !name.hasPrefix("-"),
            !reserved.contains(name.lowercased())
        else { throw .badName(name: name) }
        return name
    }
}
