import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A filter as a person types it after `todo list`, `todo done`, `todo delete` or as the first
/// argument of `todo edit`: `+errands -someday project:home @town due:today due.before:eow
/// status:waiting /milk|bread/ 3f2a`, words side by side all holding, `or` between two sides,
/// parentheses to group them (`\( +a or +b \) due:today`).
///
/// An argument that starts with an attribute's name and a colon is read whole, so that a value may
/// hold spaces (`"project:my home"`, `"due.before:next week"`), and so is one that is a pattern
/// between slashes (`'/water plants/'`); any other is split into words at
/// its spaces, and a parenthesis at either end of a word is a word of its own (`'(+a or +b)'`).
/// A word that is nothing else is an id, or the start of one; several side by side pick any of them
/// (`todo done 3f2a 9c1b`). Dates are read at `now`, so the filter holds days, not words.
public enum TodoFilterWords {
    /// The filter the words make; none for no words.
    public static func read(_ arguments: [String], now: Date, timeZone: Zone) throws(TodoWords.Failure) -> TodoFilter? {
        var reader = Reader(words: try words(of: arguments), now: now, timeZone: timeZone)
        guard !reader.words.isEmpty else { return nil }
        let filter = try reader.either()
        if let extra = reader.words.first {
            throw TodoWords.Failure(description: "\(extra.excerpt) stands after the filter's end: is a ( missing?")
        }
        return filter
    }

    /// The names a filter's attribute is typed by, and the one each stands for.
    static let names = [
        "project": "project", "proj": "project", "due": "due", "status": "status", "priority": "priority",
        "pri": "priority", "recur": "recur", "description": "description", "desc": "description",
    ]

    /// The virtual tags a filter reads, as Taskwarrior names them (`task help`, "virtual tags").
    static let virtualTagNames = [
        "ACTIVE", "ANNOTATED", "BLOCKED", "BLOCKING", "COMPLETED", "DUE", "MONTH", "OVERDUE", "PENDING", "PRIORITY",
        "PROJECT", "QUARTER", "READY", "RECURRING", "SCHEDULED", "TAGGED", "TODAY", "TOMORROW", "UNBLOCKED", "UNTIL",
        "WAITING", "WEEK", "YEAR", "YESTERDAY",
    ]

    /// The filter a virtual tag stands for at `now`: its days read then, as a due word's are. Those
    /// that ask about a due day pick open to-dos alone, as Taskwarrior's do. Nil for a name of none.
    static func virtualTag(_ name: String, now: Date, timeZone: Zone) -> TodoFilter? {
        let today = Day(now, in: timeZone)
        let open = TodoFilter.not(.status(.done))
        func due(_ test: TodoFilter.DueTest) -> TodoFilter { .all([.due(test), open]) }
        func within(_ first: Day?, _ last: Day?) -> TodoFilter {
            guard let first, let last else { return due(.none) }
            return due(.within(first, last))
        }
        switch name {
        case "ACTIVE": return .has(.active)
        case "ANNOTATED": return .has(.annotated)
        case "BLOCKED": return .blocked(true)
        case "UNBLOCKED": return .blocked(false)
        case "BLOCKING": return .blocking(true)
        case "COMPLETED": return .status(.done)
        case "PENDING": return .status(.open)
        case "WAITING": return .status(.waiting)
        case "READY": return .all([.status(.open), .blocked(false), .has(.scheduledByNow)])
        case "PRIORITY": return .has(.priority)
        case "PROJECT": return .has(.project)
        case "TAGGED": return .has(.tagged)
        case "RECURRING": return .has(.recurring)
        case "SCHEDULED": return .has(.scheduled)
        case "UNTIL": return .has(.until)
        case "OVERDUE": return due(.passed(today: today, second: timeZone.wallClock(at: now).second))
        case "TODAY": return due(.on(today))
        case "TOMORROW": return today.adding(days: 1).map { due(.on($0)) } ?? due(.none)
        case "YESTERDAY": return today.adding(days: -1).map { due(.on($0)) } ?? due(.none)
        // Due within the seven days from today, as Taskwarrior's `due` setting of 7 has it.
        case "DUE": return within(today, today.adding(days: 6))
        // Monday through Sunday, as `eow` is.
        case "WEEK":
            let monday = today.adding(days: 1 - today.weekday)
            return within(monday, monday?.adding(days: 6))
        case "MONTH":
            let first = Day(year: today.year, month: today.month, day: 1)
            return within(first, first?.adding(months: 1)?.adding(days: -1))
        case "QUARTER":
            let first = Day(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)
            return within(first, first?.adding(months: 3)?.adding(days: -1))
        case "YEAR": return within(Day(year: today.year, month: 1, day: 1), Day(year: today.year, month: 12, day: 31))
        default: return nil
        }
    }

    private static func words(of arguments: [String]) throws(TodoWords.Failure) -> ArraySlice<String> {
        var words: [String] = []
        for argument in arguments {
            if let colon = argument.firstIndex(of: ":"), attribute(argument[..<colon]) != nil {
                words.append(argument)
                continue
            }
            if let tilde = argument.firstIndex(of: "~"), attribute(argument[..<tilde])?.name == "description" {
                words.append(argument)
                continue
            }
            // A pattern given as one argument is one word, its spaces its own: '/water plants/'.
            if argument.count > 2, argument.hasPrefix("/"), argument.hasSuffix("/") {
                words.append(argument)
                continue
            }
            for word in argument.split(whereSeparator: \.isWhitespace) {
                // Parentheses at the start, all but the word's last character: `((+a` is `(`, `(`, `+a`.
                let opening = min(word.prefix(while: { $0 == "(" }).count, word.count - 1)
                words += Array(repeating: "(", count: opening)
                var word = word.dropFirst(opening)
                // A pattern keeps its own parentheses: `/(a|b)/` and `/x)/` are words whole.
                var closing = 0
                if !(word.first == "/" && word.last == "/") {
                    closing = min(word.reversed().prefix(while: { $0 == ")" }).count, word.count - 1)
                    word = word.dropLast(closing)
                }
                words.append(String(word))
                words += Array(repeating: ")", count: closing)
            }
        }
        return words[...]
    }

    /// The attribute `name` (`due`, `due.before`) stands for, and its modifier; nil for none.
    private static func attribute(_ name: Substring) -> (name: String, modifier: String?)? {
        let parts = name.lowercased().split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let known = names[String(parts[0])] else { return nil }
        return (known, parts.count > 1 ? String(parts[1]) : nil)
    }

    private struct Reader {
        var words: ArraySlice<String>
        let now: Date
        let timeZone: Zone
        /// How many parentheses are open where the reader stands.
        var depth = 0

        /// Sides joined by `or`.
        mutating func either() throws(TodoWords.Failure) -> TodoFilter {
            var sides = [try both()]
            while let word = words.first, word.lowercased() == "or" {
                words.removeFirst()
                sides.append(try both())
            }
            return sides.count == 1 ? sides[0] : .any(sides)
        }

        /// Words side by side (or joined by `and`), up to an `or`, a `)` or the end; the ids among
        /// them are one word, picking any of them.
        mutating func both() throws(TodoWords.Failure) -> TodoFilter {
            var (filters, references): ([TodoFilter], [String]) = ([], [])
            while let word = words.first, word.lowercased() != "or", word != ")" {
                words.removeFirst()
                if word.lowercased() == "and" { continue }
                if word == "(" {
                    guard depth < TodoLimits.filterDepth else {
                        throw failure(
                            "parentheses nest more than \(TodoLimits.filterDepth) deep; a filter takes at most "
                                + "\(TodoLimits.filterDepth)")
                    }
                    depth += 1
                    filters.append(try either())
                    depth -= 1
                    guard words.first == ")" else { throw failure("a ( is never closed: add a )") }
                    words.removeFirst()
                    continue
                }
                switch try term(word) {
                case .ids(let named): references += named
                case let filter: filters.append(filter)
                }
            }
            if !references.isEmpty { filters.insert(.ids(references: references), at: 0) }
            guard !filters.isEmpty else {
                throw failure(
                    "a filter has nothing \(words.isEmpty ? "at its end" : "before \(words[words.startIndex])")")
            }
            return filters.count == 1 ? filters[0] : .all(filters)
        }

        func term(_ word: String) throws(TodoWords.Failure) -> TodoFilter {
            if word.hasPrefix("--") { throw failure("\(word.excerpt) is no option here") }
            // Taskwarrior's virtual tags, in capitals as it writes them; a word in capitals that is
            // none is refused, never read as a tag no to-do has.
            if word.count > 2, word.first == "+" || word.first == "-",
                word.dropFirst().allSatisfy({ ("A"..."Z").contains($0) })
            {
                let name = String(word.dropFirst())
                guard let filter = TodoFilterWords.virtualTag(name, now: now, timeZone: timeZone) else {
                    throw failure(
                        "\(word.excerpt) is no virtual tag: write one of "
                            + TodoFilterWords.virtualTagNames.map { "+" + $0 }.joined(separator: ", ")
                            + " (or - before it for the to-dos it does not pick); a tag of your own in capitals "
                            + "is picked with todo list --tag \(name.excerpt)")
                }
                guard word.first == "-" else { return filter }
                switch filter {
                case .blocked(let wanted): return .blocked(!wanted)
                case .blocking(let wanted): return .blocking(!wanted)
                default: return .not(filter)
                }
            }
            // A tag, a project or an id may hold parentheses, but one holding `)or(` is a filter
            // written without its spaces (a pattern's parentheses are its own).
            if !word.hasPrefix("/"), !word.contains("~"), let glued = Self.gluedOperator(in: word) {
                let spaced = word.replacing(glued, with: ") \(glued.dropFirst().dropLast()) (")
                throw failure(
                    "\(word.excerpt) reads as one word, \(glued) and all: write the \(glued.dropFirst().dropLast()) "
                        + "apart from its parentheses, (\(spaced.excerpt))")
            }
            if word.count > 1, word.hasPrefix("+") { return .tag(String(word.dropFirst())) }
            if word.count > 2, word.hasPrefix("-@") { return .withoutContext(String(word.dropFirst(2))) }
            if word.count > 1, word.hasPrefix("@") { return .context(String(word.dropFirst())) }
            if word.count > 1, word.hasPrefix("-") { return .withoutTag(String(word.dropFirst())) }
            if word.count > 1, word.hasPrefix("/") {
                guard word.count > 2, word.hasSuffix("/") else {
                    throw failure("\(word.excerpt) is no pattern: a pattern is written between slashes, /milk/")
                }
                let pattern = String(word.dropFirst().dropLast())
                do {
                    _ = try TodoPattern(pattern)
                } catch {
                    throw failure(error.description)
                }
                return .matching(pattern: pattern)
            }
            // Taskwarrior's `description~milk`: the pattern `/milk/`.
            if let tilde = word.firstIndex(of: "~"), let attribute = TodoFilterWords.attribute(word[..<tilde]),
                attribute == ("description", nil)
            {
                let value = String(word[word.index(after: tilde)...]).trimmingWhitespace()
                return try descriptionTest(value, modifier: "~", word: word)
            }
            guard let colon = word.firstIndex(of: ":") else {
                guard !["-", "+", "@", "/"].contains(word) else { throw failure("\(word.excerpt) alone is no filter") }
                return .ids(references: [word])
            }
            guard let (name, modifier) = TodoFilterWords.attribute(word[..<colon]) else {
                throw failure(
                    "\(word.excerpt) is no filter: filter by +tag, -tag, @context, project:, due:, due.before:, due.after:, "
                        + "due.by:, status:, priority:, recur:, description.contains:, /pattern/ or an id")
            }
            let value = String(word[word.index(after: colon)...]).trimmingWhitespace()
            if name == "due" { return .due(try dueTest(value, modifier: modifier, word: word)) }
            if name == "description" { return try descriptionTest(value, modifier: modifier, word: word) }
            if let modifier {
                throw failure("\(name.excerpt).\(modifier.excerpt): only due takes .before, .after and .by")
            }
            switch name {
            case "project": return .project(value.isEmpty ? nil : value)
            case "recur":
                if value.isEmpty { return .recur(.none) }
                if value.lowercased() == "any" { return .recur(.any) }
                guard let recurrence = Recurrence(text: value) else {
                    throw failure(Recurrence.problem(value) + ", or any")
                }
                return .recur(.every(recurrence))
            case "status":
                switch value.lowercased() {
                case "pending", "open": return .status(.open)
                case "done", "completed": return .status(.done)
                case "waiting": return .status(.waiting)
                default: throw failure("status:\(value.excerpt) is no status; write pending, done or waiting")
                }
            default:
                guard !value.isEmpty else { return .priority(nil) }
                guard let priority = Priority(name: value) else {
                    throw failure("priority:\(value.excerpt) is no priority; write \(Priority.typedForms)")
                }
                return .priority(priority)
            }
        }

        /// Taskwarrior's searches of the description, which holds what our title and annotations
        /// do: `.contains:` (and `.has:`) finds the text as it is written, `.hasnt:` picks the
        /// to-dos without it, `~` is a pattern, as `/pattern/` is; in any case, as every search here.
        func descriptionTest(_ value: String, modifier: String?, word: String) throws(TodoWords.Failure)
            -> TodoFilter
        {
            guard !value.isEmpty else { throw failure("\(word.excerpt) needs the text to look for after it") }
            let pattern: String
            switch modifier {
            case "contains", "has", "hasnt":
                // Each character is a state of the search it makes, as a pattern's is.
                guard value.count <= TodoLimits.patternStates else {
                    throw failure(
                        "description.\(modifier ?? ""): the text is \(value.count) characters, more than the "
                            + "\(TodoLimits.patternStates) a search takes")
                }
                pattern = TodoPattern.literal(value)
            case "~": pattern = value
            default:
                throw failure(
                    "\(word.excerpt): a description is searched with description.contains:TEXT (or .hasnt:), "
                        + "description~PATTERN or /PATTERN/")
            }
            do {
                _ = try TodoPattern(pattern)
            } catch {
                throw failure("\(word.excerpt): \(error.description)")
            }
            return modifier == "hasnt" ? .not(.matching(pattern: pattern)) : .matching(pattern: pattern)
        }

        func dueTest(_ value: String, modifier: String?, word: String) throws(TodoWords.Failure) -> TodoFilter.DueTest {
            if value.isEmpty {
                guard modifier == nil else { throw failure("\(word.excerpt) needs a date after the colon") }
                return .none
            }
            let day: Day
            do {
                day = try DayParser.parse(value, now: now, timeZone: timeZone)
            } catch {
                throw failure("\(word.excerpt): \(error.description)")
            }
            // An end of a week or month is its last moment, as Taskwarrior's `eow` is: a to-do due on
            // that day is due before it.
            let endOfPeriod = ["eow", "eom"].contains(value.lowercased())
            switch modifier {
            case nil: return .on(day)
            case "before", "below": return endOfPeriod ? .by(day) : .before(day)
            case "by": return .by(day)
            case "after", "above": return .after(day)
            case let other?:
                throw failure("due.\(other.excerpt) is no way to compare; write due.before, due.after or due.by")
            }
        }

        func failure(_ description: String) -> TodoWords.Failure { TodoWords.Failure(description: description) }

        /// The `)or(` or `)and(` in `word`, as it is written there (`)OR(`), if it holds one.
        static func gluedOperator(in word: String) -> String? {
            for start in word.indices where word[start] == ")" {
                for length in [4, 5] {
                    let glued = word[start...].prefix(length)
                    if [")or(", ")and("].contains(glued.lowercased()) { return String(glued) }
                }
            }
            return nil
        }
    }
}
