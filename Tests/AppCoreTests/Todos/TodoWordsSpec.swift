import AppCore
import Essentials
import Foundation
import Testing

/// The words a person types after `todo add` and `todo edit ID`, each argument read whole. The
/// clock is 2026-11-22 12:00 UTC, a Sunday.
@Suite("To-do words, as people type them")
struct TodoWordsSpec {
    func read(_ arguments: [String], editing: Bool = false) throws(TodoWords.Failure) -> (
        title: String?, changes: [TodoItem.Change]
    ) {
        try TodoWords.read(arguments, editing: editing, now: noon, timeZone: .utc)
    }

    @Test func eachAttributeIsReadAndEveryOtherWordIsTheTitles() throws {
        let words = try read(
            ["buy", "milk", "+errands", "@store", "project:home", "due:fri", "pri:H", "wait:+2d", "until:sat"])
        #expect(words.title == "buy milk")
        #expect(
            words.changes == [
                .addTag("errands"), .addContext("store"), .project("home"), .due(Day(iso: "2026-11-27")), .dueTime(nil),
                // A span from now, 48 hours on, as Taskwarrior reads +2d.
                .priority(.high), .wait(ValueCoding.parse("2026-11-24T12:00:00Z")),
                .until(ValueCoding.parse("2026-11-28T23:59:59Z")),
            ])
    }

    @Test func anEmptyValueClearsAndATakingOffIsReadWhenEditing() throws {
        let words = try read(["-errands", "+shop", "due:", "-@store", "proj:", "sched:"], editing: true)
        #expect(words.title == nil)
        #expect(
            words.changes == [
                .removeTag("errands"), .addTag("shop"), .due(nil), .dueTime(nil), .removeContext("store"),
                .project(nil), .scheduled(nil),
            ])
    }

    @Test func anArgumentOfSeveralWordsIsTheTitlesUnlessItNamesAnAttribute() throws {
        let words = try read(["call +44 20", "due:fri 17:30", "project:Home Repair"])
        #expect(words.title == "call +44 20")
        #expect(
            words.changes == [
                .due(Day(iso: "2026-11-27")), .dueTime(TimeOfDay(hour: 17, minute: 30)), .project("Home Repair"),
            ])
    }

    @Test func everyWordAfterTheFirstDoubleDashIsTheTitles() throws {
        let words = try read(["+urgent", "--", "email", "@bob:", "+1", "--", "due:friday", "-x"])
        #expect(words.title == "email @bob: +1 -- due:friday -x")
        #expect(words.changes == [.addTag("urgent")])
    }

    @Test func aWordWithAColonButNoAttributesNameIsTheTitles() throws {
        let words = try read(["meet", "at", "10:30", "see", "http://example.org", "size:l"])
        #expect(words.title == "meet at 10:30 see http://example.org size:l")
        #expect(words.changes.isEmpty)
    }

    @Test(arguments: [
        (["buy", "due:someday"], false), (["buy", "pri:XY"], false), (["buy", "-urgent"], false),
        (["buy", "--prioriy"], false), (["buy", "wait:31:00"], true),
    ])
    func aWordThatCannotBeReadIsRefused(_ arguments: [String], _ editing: Bool) {
        #expect(throws: TodoWords.Failure.self) { try read(arguments, editing: editing) }
    }
}
