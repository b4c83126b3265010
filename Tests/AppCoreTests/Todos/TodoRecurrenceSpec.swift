import AppCore
import Essentials
import Foundation
import Testing

/// A recurring to-do: how its period is read, the day the next one is due, and what `done` makes of
/// it, undone as one command.
@Suite("Recurring to-dos")
struct TodoRecurrenceSpec {
    let core = TodosUnderTest()

    func day(_ text: String) -> Day? { Day(iso: text) }

    /// The due days of a chain started on `first`, `count` long.
    func chain(_ recurrence: Recurrence, from first: String, _ count: Int) -> [String] {
        guard var due = day(first) else { return [] }
        var recurrence = recurrence
        var days = [due.description]
        for _ in 1..<count {
            guard let (next, carried) = recurrence.next(after: due) else { break }
            (due, recurrence) = (next, carried)
            days.append(due.description)
        }
        return days
    }

    func fail(_ what: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record("\(what)", sourceLocation: sourceLocation)
    }

    @discardableResult
    func add(_ title: String, _ changes: [TodoItem.Change]) throws -> TodoItem {
        guard case .added(let item, _) = core.todo(.add(draft: TodoDraft(title: title, changes))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        return item
    }

    @Test func aRecurrenceIsReadByItsNamesAndCountsAndWrittenAsTaskwarriorWritesIt() {
        let read = [
            "daily", "Weekly", "monthly", "yearly", "annual", "weekdays", "biweekly", "fortnight", "quarterly",
            "semiannual", "3d", "2w", "6m", "2y", "10 days", "1q", "999d",
        ].map { Recurrence(text: $0)?.description }
        #expect(
            read == [
                "daily", "weekly", "monthly", "yearly", "yearly", "weekdays", "2w", "2w", "3m", "6m", "3d", "2w", "6m",
                "2y", "10d", "3m", "999d",
            ])
        #expect(Recurrence(text: "monthly on day 31")?.description == "monthly on day 31")
        #expect(Recurrence(text: "monthly on day 31")?.period == "monthly")
    }

    @Test(arguments: ["", "0d", "1000d", "fortnightly", "2weekdays", "d", "-1w", "P1M", "weekly on day 3", "3x"])
    func textThatIsNoRecurrenceIsRefused(_ text: String) {
        #expect(Recurrence(text: text) == nil)
    }

    @Test func monthlyFromTheThirtyFirstTakesEachMonthsLastDayWhereShorterAndComesBackToIt() {
        #expect(
            chain(.monthly, from: "2026-01-31", 5) == [
                "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31",
            ])
        #expect(chain(.monthly, from: "2028-01-31", 3) == ["2028-01-31", "2028-02-29", "2028-03-31"])
        #expect(chain(.monthly, from: "2026-01-30", 3) == ["2026-01-30", "2026-02-28", "2026-03-30"])
        #expect(chain(.monthly, from: "2026-11-15", 3) == ["2026-11-15", "2026-12-15", "2027-01-15"])
    }

    @Test func yearlyFromALeapDayIsTheTwentyEighthInOtherYearsAndTheLeapDayAgainInLeapYears() {
        #expect(
            chain(.yearly, from: "2028-02-29", 5) == [
                "2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29",
            ])
    }

    @Test func weekdaysSkipTheWeekend() {
        // 2026-11-20 is a Friday.
        #expect(chain(.weekdays, from: "2026-11-19", 4) == ["2026-11-19", "2026-11-20", "2026-11-23", "2026-11-24"])
        #expect(Recurrence.weekdays.next(after: day("2026-11-21")!)?.day == day("2026-11-23"))
        #expect(Recurrence.weekdays.next(after: day("2026-11-22")!)?.day == day("2026-11-23"))
    }

    @Test func aCountOfDaysOrWeeksAddsThatMany() {
        #expect(chain(Recurrence(text: "3d")!, from: "2026-12-30", 3) == ["2026-12-30", "2027-01-02", "2027-01-05"])
        #expect(chain(Recurrence(text: "2w")!, from: "2026-11-22", 2) == ["2026-11-22", "2026-12-06"])
        #expect(Recurrence.daily.next(after: .latest) == nil)
    }

    @Test func doneOnARecurringToDoMakesTheNextOneDueAPeriodAfterItsDueDayNotAfterToday() throws {
        let todos = FeatureUnderTest<TodoFeature>()
        _ = todos.sent(
            .add(
                draft: TodoDraft(
                    title: "water the plants",
                    [
                        .due(day("2026-11-01")), .dueTime(TimeOfDay(hour: 8, minute: 0)), .recur(.weekly),
                        .addTag("home"), .wait(Date(milliseconds: 1_761_868_800_000)), .started(noon),
                        .addAnnotation(Annotation(entry: noon, description: "this one's")),
                    ])))
        let water = try #require(try todos.state.items.all().first)
        let (changes, answers) = todos.sent(.complete(references: [water.id.value]))
        guard case .completed(let items, _, let report) = answers.first, answers.count == 1, report.next.count == 1,
            let next = report.next.first?.item
        else { return fail("\(answers)") }
        #expect(items.map(\.id) == [water.id] && items[0].completed == noon && items[0].started == nil)
        #expect(report.next.first?.after == water.id)
        #expect(next.id != water.id && next.created == noon)
        #expect(next.due == day("2026-11-08") && next.dueTime == water.dueTime && next.recur == .weekly)
        #expect(next.wait == Date(milliseconds: 1_761_868_800_000 + 7 * 86_400_000))
        #expect(next.completed == nil && next.started == nil && next.secondsSpent == 0)
        #expect(next.title == water.title && next.tags == water.tags)
        // What was said of the one done is not said of the next.
        #expect(!water.annotations.isEmpty && next.annotations.isEmpty)
        #expect(
            changes == [
                .perform(
                    TodoBatch(
                        label: "done \(water.id.value)", at: noon,
                        edits: [
                            .alter(water.id, [.completed(noon), .started(nil), .secondsSpent(0)]),
                            .add(next, as: .forked),
                        ]))
            ])
        #expect(try todos.state.items.all().map(\.id) == [water.id, next.id])
    }

    @Test func undoTakesBackTheDoneAndTheNextOneAsOneCommand() throws {
        let water = try add("water", [.due(day("2026-11-20")), .recur(.daily)])
        let before = try core.store.state().items
        guard case .completed = core.todo(.complete(references: [water.id.value])) else {
            return fail("\(core.received())")
        }
        #expect(try core.store.state().items.count == 2)
        #expect(core.todo(.undo) == .undid(label: "done \(water.id.value)"))
        #expect(try core.store.state().items == before)
    }

    @Test func untilEndsTheChainSoTheLastOneMakesNoNext() throws {
        let until = Date(milliseconds: noon.milliseconds + 2 * 86_400_000)  // 2026-11-24 12:00
        let last = try add("stretch", [.due(day("2026-11-22")), .recur(Recurrence(text: "3d")), .until(until)])
        let early = try add("early", [.due(day("2026-11-21")), .recur(Recurrence(text: "3d")), .until(until)])
        guard case .completed(_, _, let report) = core.todo(.complete(references: [early.id.value])) else {
            return fail("\(core.received())")
        }
        #expect(report.next.map(\.item.due) == [day("2026-11-24")])
        #expect(
            core.todo(.complete(references: [last.id.value]))
                == .completed(
                    items: [try last.alter(.completed(noon))], abbreviation: 4, report: DoneReport(ended: [last.id])))
        #expect(try core.store.state().items.count == 3)
    }

    @Test func aRecurrenceNeedsADueDayToCountFrom() throws {
        #expect(
            core.todo(.add(draft: TodoDraft(title: "x", [.recur(.weekly)]))) == .failed(reason: .recurrenceNeedsDue))
        let weekly = try add("weekly", [.due(day("2026-11-22")), .recur(.weekly)])
        #expect(
            core.todo(.edit(reference: weekly.id.value, changes: [.due(nil)])) == .failed(reason: .recurrenceNeedsDue))
        guard
            case .changed(let items, _) = core.todo(
                .edit(reference: weekly.id.value, changes: [.due(nil), .recur(nil)]))
        else { return fail("\(core.received())") }
        #expect(items.map(\.recur) == [nil] && items.map(\.due) == [nil])
    }

    @Test func aFilterPicksByPeriodByAnyOrByNone() throws {
        try add("weekly", [.due(day("2026-11-22")), .recur(.weekly)])
        try add("monthly", [.due(day("2026-11-22")), .recur(.monthly)])
        try add("once", [.due(day("2026-11-22"))])
        func listed(_ test: TodoFilter.RecurTest) -> [String] {
            guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(filter: .recur(test)))) else {
                return []
            }
            return items.map(\.title)
        }
        #expect(listed(.every(.weekly)) == ["weekly"])
        #expect(listed(.any) == ["weekly", "monthly"])
        #expect(listed(.none) == ["once"])
    }

    @Test func todoTxtKeepsARecurrenceAsRecurAndReadsItBack() throws {
        _ = core.todo(
            .importItems(text: "water due:2026-11-22 recur:2w id:w1\nodd recur:weekly id:o1\n", format: .todotxt))
        let items = try core.store.state().items.all()
        #expect(items.map(\.recur) == [Recurrence(text: "2w"), nil])
        // Without a due day to count from, it stays an extra, as it came.
        #expect(items[1].extras == ["recur": "weekly", "created": "none"])
        guard case .exported(let text) = core.todo(.export(format: .todotxt)) else { return fail("no export") }
        #expect(text == "water due:2026-11-22 recur:2w id:w1\nodd recur:weekly id:o1\n")
    }
}
