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

/// Words that contradict each other are refused, naming them, never read as whichever came last.
@Suite("To-do words at odds with each other")
struct TodoWordsAtOddsSpec {
    /// What reading `words` (as `edit` reads them) refuses them with; nil where it reads them.
    func refusal(_ words: [String]) -> String? {
        do {
            _ = try TodoWords.read(words, editing: true, now: noon, timeZone: .utc)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        (["x", "pri:A", "pri:B"], "pri:A and pri:B: priority is given two values; give it once"),
        (["x", "due:fri", "due:sat"], "due:fri and due:sat: due is given two values; give it once"),
        (
            ["x", "due:fri 10:00", "due:fri 11:00"],
            "due:fri 10:00 and due:fri 11:00: due is given two values; give it once"
        ),
        (["x", "project:a", "proj:b"], "project:a and proj:b: project is given two values; give it once"),
        (["+c", "-c"], "+c and -c: the tag c is both added and taken off; give one"),
        (["-@phone", "@phone"], "-@phone and @phone: the context phone is both added and taken off; give one"),
        (["dep:abcd,-abcd"], "dep:abcd,-abcd: the dependency abcd is both added and taken off; give one"),
    ])
    func twoValuesOfAFieldOrALabelAddedAndTakenOffAreRefused(_ words: [String], _ said: String) {
        #expect(refusal(words) == said)
    }

    @Test func theSameValueTwiceIsOneValue() throws {
        let read = try TodoWords.read(
            ["x", "pri:A", "priority:A", "+c", "+c"], editing: true, now: noon, timeZone: .utc)
        #expect(read.changes == [.priority(.high), .priority(.high), .addTag("c"), .addTag("c")])
    }

    @Test func aWordOverEightyCharactersIsQuotedByItsStart() {
        let long = "project:" + String(repeating: "p", count: 5_000)
        #expect(
            refusal(["project:a", long])
                == "project:a and project:\(String(repeating: "p", count: 72))…: project is given two values; give it once"
        )
    }
}
