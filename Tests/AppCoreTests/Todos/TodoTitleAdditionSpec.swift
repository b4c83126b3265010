import AppCore
import Essentials
import Foundation
import Testing

/// `todo append` and `todo prepend`: words joined to each to-do's own title, with other changes
/// beside them, kept as one command that undo takes back whole.
@Suite("To-do titles added to")
struct TodoTitleAdditionSpec {
    @Test func eachToDoKeepsItsOwnTitleWithTheWordsJoinedAtTheirEnd() throws {
        let todos = FeatureUnderTest<TodoFeature>()
        _ = todos.sent(.add(draft: TodoDraft(title: "buy milk")))
        _ = todos.sent(.add(draft: TodoDraft(title: "call Sam", [.addTag("phone")])))
        let all = try todos.state.items.all()
        let milk = try #require(all.first { $0.title == "buy milk" })
        let sam = try #require(all.first { $0.title == "call Sam" })
        let references = [milk.id.value, sam.id.value]
        try todos.send(
            .addToTitles(
                references: references, addition: TitleAddition("today", at: .end), changes: [.addTag("soon")]),
            changes: [
                .perform(
                    TodoBatch(
                        label: "append \(milk.id.value) \(sam.id.value)", at: noon,
                        edits: [
                            // Kept as words to add, not a title whole: joined to the title the
                            // store holds when it keeps them.
                            .alter(milk.id, [.addToTitle(TitleAddition("today", at: .end)), .addTag("soon")]),
                            .alter(sam.id, [.addToTitle(TitleAddition("today", at: .end)), .addTag("soon")]),
                        ]))
            ],
            answers: [
                .changed(
                    items: [
                        try milk.alter([.title("buy milk today"), .addTag("soon")]),
                        try sam.alter([.title("call Sam today"), .addTag("soon")]),
                    ], abbreviation: 4)
            ])
        #expect(try todos.state.items[sam.id]?.tags == ["phone", "soon"])
    }

    @Test func prependPutsTheWordsBeforeTheTitleAndChangesNothingElse() throws {
        let core = TodosUnderTest()
        let report = try core.add("write the report", due: Day(iso: "2026-12-04"), tags: ["work"])
        guard
            case .changed(let items, _) = core.todo(
                .addToTitles(
                    references: [report.id.value], addition: TitleAddition("ask Bob:", at: .start), changes: []))
        else {
            Issue.record("\(core.received())")
            return
        }
        #expect(items == [try report.alter(.title("ask Bob: write the report"))])
    }

    @Test func wordsKeptAfterAnotherChangeOfTheTitleJoinTheTitleItHasThen() throws {
        let item = try TodoItem(id: TodoID("0123456789"), title: "buy milk", created: noon)
        let first = try item.alter(.addToTitle(TitleAddition("today", at: .end)))
        let both = try first.alter(
            .addToTitle(TitleAddition("oat", at: .end)), .addToTitle(TitleAddition("ask:", at: .start)))
        #expect(both.title == "ask: buy milk today oat")
        #expect(both == (try item.alter(.title("ask: buy milk today oat"))), "nothing else changed")
    }

    @Test func undoTakesTheWordsOffEveryToDoAtOnce() throws {
        let core = TodosUnderTest()
        let (milk, bread) = (try core.add("buy milk"), try core.add("buy bread"))
        let before = try core.store.state().items
        _ = core.todo(
            .addToTitles(
                references: [milk.id.value, bread.id.value], addition: TitleAddition("at noon", at: .end), changes: []))
        #expect(try core.store.state().items != before)
        _ = core.todo(.undo)
        #expect(try core.store.state().items == before)
    }

    @Test func aTitleThatWouldGrowPastItsLimitIsRefusedAndNothingIsKept() throws {
        let core = TodosUnderTest()
        let long = try core.add(String(repeating: "a", count: TodoItem.titleLimit - 2))
        let short = try core.add("short")
        let before = try core.store.state()
        let answer = core.todo(
            .addToTitles(
                references: [short.id.value, long.id.value], addition: TitleAddition("more", at: .end), changes: []))
        #expect(answer == .failed(reason: .titleTooLong(length: TodoItem.titleLimit + 3, limit: TodoItem.titleLimit)))
        #expect(try core.store.state() == before)
    }
}
