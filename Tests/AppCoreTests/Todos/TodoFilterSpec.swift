import AppCore
import Essentials
import Foundation
import Testing

/// Filters as a person types them after `todo list`, `todo done` or `todo delete`, and the to-dos
/// they pick. The clock is 2026-11-22 12:00 UTC, a Sunday.
@Suite("To-do filters")
struct TodoFilterSpec {
    func read(_ arguments: String...) throws(TodoWords.Failure) -> TodoFilter? {
        try TodoFilterWords.read(arguments, now: noon, timeZone: .utc)
    }

    func failure(_ arguments: String...) -> String? {
        do {
            _ = try TodoFilterWords.read(arguments, now: noon, timeZone: .utc)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func wordsSideBySideAllHoldAndIdsAmongThemPickAnyOfThem() throws {
        #expect(try read() == nil)
        #expect(
            try read("+errands", "3f2a", "-someday", "@town", "-@office", "project:home", "9c1b")
                == .all([
                    .ids(references: ["3f2a", "9c1b"]), .tag("errands"), .withoutTag("someday"), .context("town"),
                    .withoutContext("office"), .project("home"),
                ]))
        #expect(try read("3f2a", "9c1b")?.onlyIDs == ["3f2a", "9c1b"])
        #expect(try read("3f2a", "+errands")?.onlyIDs == nil)
    }

    @Test func orJoinsSidesAndParenthesesGroupThemWhetherQuotedWholeOrNot() throws {
        let grouped: TodoFilter = .all([.any([.tag("a"), .all([.tag("b"), .context("c")])]), .due(.none)])
        #expect(try read("(", "+a", "or", "+b", "@c", ")", "due:") == grouped)
        #expect(try read("(+a OR +b and @c)", "due:") == grouped)
        #expect(try read("+a or +b") == .any([.tag("a"), .tag("b")]))
    }

    /// A tag may hold parentheses (`+a)b` is one), but `or` glued between them is a filter
    /// written without its spaces: refused, never read as a tag no to-do has.
    @Test func anOrGluedToParenthesesIsRefusedAndATagWithAParenthesisIsRead() throws {
        #expect(
            failure("(+errands)or(@phone)")
                == "+errands)or(@phone reads as one word, )or( and all: write the or apart from its "
                + "parentheses, (+errands) or (@phone)")
        #expect(
            failure("(+a)AND(+b)") == "+a)AND(+b reads as one word, )AND( and all: write the AND apart from its "
                + "parentheses, (+a) AND (+b)")
        #expect(failure("(project:x)or(@phone)")?.hasSuffix("(project:x) or (@phone)") == true)
        #expect(try read("/(a)or(b)/") == .matching(pattern: "(a)or(b)"))
        #expect(try read("+a)b") == .tag("a)b"))
        #expect(try read("(+errands) or (@phone)") == .any([.tag("errands"), .context("phone")]))
    }

    @Test func datesAreReadAsDaysAndAnEndOfWeekCountsItsLastDay() throws {
        let sunday = try #require(Day(iso: "2026-11-22"))
        let friday = try #require(Day(iso: "2026-11-27"))
        #expect(try read("due:today") == .due(.on(sunday)))
        #expect(try read("due.before:fri") == .due(.before(friday)))
        #expect(try read("due.by:fri") == .due(.by(friday)))
        #expect(try read("due.after:fri") == .due(.after(friday)))
        #expect(try read("due.before:eow") == .due(.by(sunday)))
    }

    @Test func anArgumentNamingAnAttributeIsReadWholeAndAnyOtherIsSplitAtItsSpaces() throws {
        #expect(try read("project:my home") == .project("my home"))
        #expect(try read("+a @b") == .all([.tag("a"), .context("b")]))
        // A pattern given as one argument keeps its spaces; one split across words is no pattern.
        #expect(try read("/water plants/") == .matching(pattern: "water plants"))
        #expect(try read("/water plants/", "+home") == .all([.matching(pattern: "water plants"), .tag("home")]))
        #expect(failure("+home /water plants/")?.hasPrefix("/water is no pattern") == true)
        #expect(try read("/milk\\snow/") == .matching(pattern: "milk\\snow"))
    }

    @Test func statusPriorityAndPatternsAreRead() throws {
        #expect(try read("status:pending") == .status(.open))
        #expect(try read("status:completed") == .status(.done))
        #expect(try read("status:waiting")?.namesStatusOrIDs == true)
        #expect(try read("+a")?.namesStatusOrIDs == false)
        #expect(try read("pri:H", "priority:") == .all([.priority(.high), .priority(nil)]))
        #expect(try read("/b(read|ike)/") == .matching(pattern: "b(read|ike)"))
    }

    @Test func taskwarriorsSearchesOfTheDescriptionAreTextOrPatternsFoundAsAPatternIs() throws {
        #expect(try read("description.contains:oat milk") == .matching(pattern: "oat milk"))
        #expect(try read("desc.has:a.b (c)", "+a") == .all([.matching(pattern: "a\\.b \\(c\\)"), .tag("a")]))
        #expect(try read("desc~^oat milk") == .matching(pattern: "^oat milk"))
        #expect(try read("description.hasnt:milk") == .not(.matching(pattern: "milk")))
        #expect(failure("desc.contains:") == "desc.contains: needs the text to look for after it")
        #expect(failure("description:milk")?.hasPrefix("description:milk: a description is searched with ") == true)
        #expect(failure("desc~(milk")?.hasPrefix("desc~(milk: ") == true)
        let long = String(repeating: "x", count: TodoLimits.patternStates + 1)
        #expect(
            failure("desc.has:" + long)
                == "description.has: the text is \(long.count) characters, more than the \(TodoLimits.patternStates) a search takes"
        )
    }

    @Test func wordsThatAreNoFilterAreRefusedInOneLineSayingWhy() {
        #expect(failure("/(milk/")?.hasPrefix("/(milk/ is no regular expression: ") == true)
        #expect(failure("due:someday")?.hasPrefix("due:someday: ") == true)
        #expect(failure("due.before:") == "due.before: needs a date after the colon")
        #expect(failure("due.near:fri")?.hasPrefix("due.near is no way to compare") == true)
        #expect(failure("wait:fri")?.hasPrefix("wait:fri is no filter") == true)
        #expect(failure("status:deleted")?.hasPrefix("status:deleted is no status") == true)
        #expect(failure("(", "+a") == "a ( is never closed: add a )")
        #expect(failure("+a", ")") == ") stands after the filter's end: is a ( missing?")
        #expect(failure("+a", "or") == "a filter has nothing at its end")
        #expect(failure("--tga") == "--tga is no option here")
        for failing in [failure("(/x/"), failure("/x")] { #expect(failing != nil) }
    }

    @Test func parenthesesNestAtMostTheLimitDeep() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "(", count: depth) + "+a" + String(repeating: ")", count: depth)
        }
        #expect(try read(nested(TodoLimits.filterDepth)) == .tag("a"))
        let refusal = "parentheses nest more than \(TodoLimits.filterDepth) deep; a filter takes at most 50"
        #expect(failure(nested(TodoLimits.filterDepth + 1)) == refusal)
        // Thousands deep, as a pasted or hostile filter may be: refused the same way, never a crash.
        #expect(failure(nested(100_000)) == refusal)
    }
}

/// The to-dos a filter picks, as `todo list` asks for them.
@Suite("To-do filters, listing")
struct TodoFilterListingSpec {
    let core = TodosUnderTest()

    func titles(_ filter: TodoFilter, status: TodoQuery.Status = .open) -> [String] {
        guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(status: status, filter: filter))) else {
            return []
        }
        return items.map(\.title)
    }

    @Test func eachKindOfWordPicksItsToDos() throws {
        let milk = try core.add("buy milk", due: Day(iso: "2026-11-22"), tags: ["errands"])
        _ = core.todo(.edit(reference: milk.id.value, changes: [.project("home.kitchen"), .notes("oat, please")]))
        try core.add("buy bread", due: Day(iso: "2026-11-27"), tags: ["errands", "someday"])
        let bob = try core.add("call bob")
        _ = core.todo(.edit(reference: bob.id.value, changes: [.addContext("phone"), .priority(.high)]))
        let done = try core.add("pay rent")
        _ = core.todo(.complete(references: [done.id.value]))

        #expect(titles(.tag("errands")) == ["buy milk", "buy bread"])
        #expect(titles(.all([.tag("errands"), .withoutTag("someday")])) == ["buy milk"])
        #expect(titles(.project("home")) == ["buy milk"])
        #expect(titles(.project(nil)) == ["buy bread", "call bob"])
        #expect(
            titles(.any([.context("phone"), .due(.on(try #require(Day(iso: "2026-11-27"))))])) == [
                "buy bread", "call bob",
            ])
        #expect(titles(.due(.before(try #require(Day(iso: "2026-11-27"))))) == ["buy milk"])
        #expect(titles(.priority(.high)) == ["call bob"])
        #expect(titles(.matching(pattern: "OAT|^pay")) == ["buy milk"])
        #expect(titles(.matching(pattern: "OAT|^pay"), status: .all) == ["buy milk", "pay rent"])
        #expect(titles(.status(.done), status: .all) == ["pay rent"])
        #expect(
            titles(.ids(references: [String(done.id.value.prefix(4)), bob.id.value]), status: .all) == [
                "call bob", "pay rent",
            ])
    }

    @Test func anIdThatNamesNoToDoOrAPatternThatCannotBeCompiledIsRefused() throws {
        try core.add("buy milk")
        #expect(
            core.todo(.list(query: TodoQuery(filter: .ids(references: ["zzzz"]))))
                == .failed(reason: .notFound(reference: "zzzz")))
        guard
            case .failed(.badPattern(let pattern, _)) = core.todo(
                .list(query: TodoQuery(filter: .matching(pattern: "("))))
        else {
            Issue.record("a pattern that cannot be compiled is refused")
            return
        }
        #expect(pattern == "(")
    }

    @Test func theSameChangesToSeveralAreOneCommandForUndo() throws {
        let (milk, bread) = (try core.add("buy milk"), try core.add("buy bread"))
        guard
            case .changed(let items, _) = core.todo(
                .editEach(references: [milk.id.value, bread.id.value], changes: [.priority(.high)]))
        else {
            Issue.record("both are changed")
            return
        }
        #expect(items.map(\.priority) == [.high, .high])
        _ = core.todo(.undo)
        #expect(try core.todos.items.values.allSatisfy { $0.priority == nil })
    }
}
