import AppCore
import Foundation
import Testing

/// A filter's `/pattern/` finds what a regular expression finds, ignoring case, and no pattern
/// makes a search take longer than the text times the pattern: `/(.+)+Z/`, which a backtracking
/// engine searches for minutes, answers at once.
@Suite("To-do patterns")
struct TodoPatternSpec {
    let core = TodosUnderTest()

    func titles(_ pattern: String) throws -> [String] {
        let answer = core.todo(.list(query: TodoQuery(filter: .matching(pattern: pattern))))
        guard case .listed(let items, _, _) = answer else { throw TodoTestError.unexpected(answer) }
        return items.map(\.title)
    }

    static let titles = [
        "Buy milk", "call Bob at 10:30", "water plants", "pay rent 2026", "fix the build", "e-mail the team",
        "naïve café", "tab\tseparated", "x_y z", "1½ cups",
    ]

    static let patterns = [
        "milk", "MILK", "^b", "^B", "t$", "o.b", "\\d+", "\\d{4}", "\\d{2}:\\d{2}", "[a-c]all", "[^a-z ]",
        "(milk|rent)", "pl(a|o)nts?", "e-?mail", "\\bthe\\b", "\\Bil", "caf[eé]", "\\s", "\\S+\\s\\S+\\s\\S+\\s",
        "a{2}", "t{1,}", "l{2,3}", "(?:fix|pay) ", "x.*z", "\\w_\\w", "\\.", "b.*?d", "^$", "(a|)b", "[\\d]",
        "[.]", "[-a]", "\\t", "\\W\\w", "é", "^[^x]*$", "l{,1}d", "\\d½",
    ]

    @Test(arguments: patterns)
    func aPatternFindsWhatSwiftsRegexFinds(_ pattern: String) throws {
        for title in Self.titles { _ = core.todo(.add(draft: TodoDraft(title: title))) }
        let regex = try Regex(pattern).ignoresCase()
        #expect(try titles(pattern) == Self.titles.filter { $0.contains(regex) })
    }

    @Test(arguments: ["(.+)+Z", "(a+)+b", "(a|a)*c", "(x+x+)+y", "(.*){20}!"])
    func aPatternThatABacktrackingEngineSearchesForMinutesAnswersAtOnce(_ pattern: String) throws {
        let long = String(repeating: "a", count: 1_000)
        _ = core.todo(.add(draft: TodoDraft(title: long, [.notes(String(repeating: "x", count: 5_000))])))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try titles(pattern).isEmpty)
        let took = clock.now - start
        #expect(took < .seconds(2), "/\(pattern)/ took \(took)")
    }

    @Test(arguments: [
        ("(", "the ( at character 1 is not closed"), ("a)", "the ) at character 2 closes no group"),
        ("*a", "nothing to repeat at character 1"), ("[a", "the [ at character 1 is not closed"),
        ("(?=a)", "a look-around or option is not read here"), ("(a)\\1", "\\1 at character 4 is not read here"),
        ("a{1001}", "a count above 1000"), ("(a{100}){11}", "more than 1000"),
        ("[z-a]", "the range z-a runs backwards"),
        ("a{3,2}", "counts down"), ("[[:digit:]]", "a [ inside a class"), ("[a&&b]", "&& in a class"),
        ("a*+", "a possessive repeat"),
        (String(repeating: "(", count: 65) + String(repeating: ")", count: 65), "64 deep"),
    ])
    func aPatternItCannotReadIsRefusedSayingWhy(_ pattern: String, said: String) throws {
        _ = core.todo(.add(draft: TodoDraft(title: "buy milk")))
        let answer = core.todo(.list(query: TodoQuery(filter: .matching(pattern: pattern))))
        guard case .failed(.badPattern(let refused, let problem)) = answer else {
            Issue.record("/\(pattern)/: \(String(describing: answer))")
            return
        }
        #expect(refused == pattern)
        #expect(problem.contains(said), "\(problem)")
    }

    @Test func aBraceThatCountsNothingIsACharacter() throws {
        _ = core.todo(.add(draft: TodoDraft(title: "a{b}")))
        _ = core.todo(.add(draft: TodoDraft(title: "ab")))
        #expect(try titles("a{b}") == ["a{b}"])
        #expect(try titles("a{") == ["a{b}"])
    }
}
