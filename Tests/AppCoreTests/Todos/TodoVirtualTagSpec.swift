import AppCore
import Essentials
import Foundation
import Testing

/// Taskwarrior's virtual tags in a filter, `+OVERDUE`, `-ACTIVE`, and what each picks. The clock
/// is 2026-11-22 12:00 UTC, a Sunday: the week is Monday the 16th through today.
@Suite("To-do virtual tags")
struct TodoVirtualTagSpec {
    let core = TodosUnderTest()

    /// One to-do of each kind a virtual tag asks about, by title.
    func someOfEach() throws {
        let drafts: [TodoDraft] = [
            TodoDraft(title: "last week", [.due(Day(iso: "2026-11-15"))]),
            TodoDraft(title: "this morning", [.due(Day(iso: "2026-11-22")), .dueTime(TimeOfDay(hour: 9, minute: 0))]),
            TodoDraft(title: "today", [.due(Day(iso: "2026-11-22"))]),
            TodoDraft(title: "tonight", [.due(Day(iso: "2026-11-22")), .dueTime(TimeOfDay(hour: 20, minute: 0))]),
            TodoDraft(title: "tomorrow", [.due(Day(iso: "2026-11-23")), .project("home")]),
            TodoDraft(title: "in six days", [.due(Day(iso: "2026-11-28")), .tags(["a"])]),
            TodoDraft(title: "in seven days", [.due(Day(iso: "2026-11-29")), .priority(.high)]),
            TodoDraft(title: "next year", [.due(Day(iso: "2027-01-04")), .scheduled(noon.addingTimeInterval(3_600))]),
            TodoDraft(title: "plain", [.until(noon.addingTimeInterval(86_400))]),
        ]
        for draft in drafts {
            guard case .added = core.todo(.add(draft: draft)) else {
                throw TodoTestError.unexpected(core.received().last)
            }
        }
        _ = core.todo(.start(references: [try id("plain")]))
        _ = core.todo(.annotate(references: [try id("tomorrow")], text: "asked"))
    }

    func id(_ title: String) throws -> String {
        try #require(try core.store.state().items.all().first { $0.title == title }).id.value
    }

    func picked(_ words: String...) throws -> [String] {
        let filter = try TodoFilterWords.read(words, now: noon, timeZone: .utc)
        guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(filter: filter))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        return items.map(\.title)
    }

    @Test func dueDaysAreAskedAsTaskwarriorAsksThemOfOpenToDos() throws {
        try someOfEach()
        // Due on a day as a whole is not overdue until the day is over; at a time, once it is past.
        #expect(try picked("+OVERDUE") == ["last week", "this morning"])
        #expect(try picked("+TODAY") == ["this morning", "today", "tonight"])
        #expect(try picked("+TOMORROW") == ["tomorrow"])
        #expect(try picked("+YESTERDAY").isEmpty)
        #expect(try picked("+DUE") == ["this morning", "today", "tonight", "tomorrow", "in six days"])
        #expect(try picked("+WEEK") == ["this morning", "today", "tonight"])
        #expect(
            try picked("+MONTH") == [
                "last week", "this morning", "today", "tonight", "tomorrow", "in six days", "in seven days",
            ])
        #expect(try picked("+YEAR") == (try picked("+MONTH")))
        #expect(try picked("+QUARTER") == (try picked("+MONTH")))
        _ = core.todo(.complete(references: [try id("last week")]))
        #expect(try picked("+OVERDUE") == ["this morning"])
    }

    @Test func whatAToDoHasIsAskedAndAMinusAsksTheOpposite() throws {
        try someOfEach()
        #expect(try picked("+ACTIVE") == ["plain"])
        #expect(try picked("+ANNOTATED") == ["tomorrow"])
        #expect(try picked("+PROJECT") == ["tomorrow"])
        #expect(try picked("+TAGGED") == ["in six days"])
        #expect(try picked("+PRIORITY") == ["in seven days"])
        #expect(try picked("+SCHEDULED") == ["next year"])
        #expect(try picked("+UNTIL") == ["plain"])
        #expect(try picked("+READY").count == 8 && !(try picked("+READY")).contains("next year"))
        #expect(try picked("-ACTIVE").count == 8 && !(try picked("-ACTIVE")).contains("plain"))
        #expect(try picked("+UNBLOCKED").count == 9 && (try picked("+BLOCKED")).isEmpty)
        #expect(try picked("+TODAY", "or", "+ACTIVE") == ["this morning", "today", "tonight", "plain"])
    }

    @Test func aWordInCapitalsThatIsNoVirtualTagIsRefusedWithTheList() throws {
        for word in ["+OVERDUED", "-FOO", "+DELETED"] {
            #expect(throws: TodoWords.Failure.self) { try TodoFilterWords.read([word], now: noon, timeZone: .utc) }
            do {
                _ = try TodoFilterWords.read([word], now: noon, timeZone: .utc)
            } catch {
                #expect(error.description.hasPrefix("\(word) is no virtual tag: write one of +ACTIVE, +ANNOTATED"))
            }
        }
        // A virtual tag's name is no tag of one's own: no filter could reach it.
        #expect(throws: TodoWords.Failure.self) {
            try TodoWords.read(["buy", "+OVERDUE"], editing: false, now: noon, timeZone: .utc)
        }
        // A tag of one capital, or of capitals and others, is a tag.
        #expect(try TodoFilterWords.read(["+A"], now: noon, timeZone: .utc) == .tag("A"))
        #expect(try TodoFilterWords.read(["+Work"], now: noon, timeZone: .utc) == .tag("Work"))
    }
}
