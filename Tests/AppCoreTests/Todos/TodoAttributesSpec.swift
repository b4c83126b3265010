import AppCore
import Essentials
import Foundation
import Testing

/// Projects, contexts, due times, wait, scheduled, until and the time worked: what the to-do
/// feature keeps of each, and what a list shows by it.
@Suite("To-do attributes")
struct TodoAttributesSpec {
    let core = TodosUnderTest()
    let hour: TimeInterval = 3_600

    func listed(_ query: TodoQuery, in module: TodosUnderTest? = nil) -> [String] {
        guard case .listed(let items, _, _) = (module ?? core).todo(.list(query: query)) else { return [] }
        return items.map(\.title)
    }

    @discardableResult
    func add(_ title: String, _ changes: [TodoItem.Change]) throws -> TodoItem {
        guard case .added(let item, _) = core.todo(.add(draft: TodoDraft(title: title, changes))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        return item
    }

    /// The same to-dos, their clock `seconds` later.
    func later(by seconds: TimeInterval) throws -> TodosUnderTest {
        TodosUnderTest(
            initial: try core.store.state(), seed: 2, clock: .fixed(noon.addingTimeInterval(seconds)), createTodoFeature
        )
    }

    @Test func aProjectListsTheProjectsUnderItButNotThoseThatOnlyStartTheSame() throws {
        try add("plan", [.project("work")])
        try add("report", [.project("work.reports")])
        try add("saw", [.project("workshop")])
        try add("rest", [])
        #expect(listed(TodoQuery(project: "work")) == ["plan", "report"])
        #expect(listed(TodoQuery(project: "work.reports")) == ["report"])
        #expect(listed(TodoQuery(search: "project:work")) == ["plan", "report", "saw"])
    }

    @Test func aContextPicksTheToDosThatHaveItAndASearchFindsItAsShown() throws {
        try add("buy milk", [.addContext("town"), .addTag("errands")])
        try add("call mum", [.addContext("phone")])
        #expect(listed(TodoQuery(context: "town")) == ["buy milk"])
        #expect(listed(TodoQuery(search: "@town")) == ["buy milk"])
        #expect(listed(TodoQuery(search: "+err")) == ["buy milk"])
        #expect(listed(TodoQuery(search: "@nowhere")) == [])
    }

    @Test func aToDoWaitingIsHiddenFromTheOpenOnesUntilThenAndListedAsWaiting() throws {
        try add("now", [])
        try add("soon", [.wait(noon.addingTimeInterval(hour))])
        #expect(listed(TodoQuery()) == ["now"])
        #expect(listed(TodoQuery(status: .waiting)) == ["soon"])
        #expect(listed(TodoQuery(status: .all)) == ["now", "soon"])
        let later = try later(by: hour)
        #expect(listed(TodoQuery(), in: later) == ["now", "soon"])
        #expect(listed(TodoQuery(status: .waiting), in: later) == [])
    }

    @Test func aToDoPastItsUntilIsHiddenFromTheOpenOnesButNotFromAll() throws {
        try add("lasting", [.until(noon.addingTimeInterval(hour))])
        #expect(listed(TodoQuery()) == ["lasting"])
        let later = try later(by: hour)
        #expect(listed(TodoQuery(), in: later) == [])
        #expect(listed(TodoQuery(status: .all), in: later) == ["lasting"])
    }

    @Test func aDueTimeSortsWithinItsDayAfterADayWithout() throws {
        let friday = Day(iso: "2026-11-27")
        try add("evening", [.due(friday), .dueTime(TimeOfDay(hour: 18, minute: 0))])
        try add("morning", [.due(friday), .dueTime(TimeOfDay(hour: 9, minute: 0))])
        try add("all day", [.due(friday)])
        try add("thursday", [.due(Day(iso: "2026-11-26")), .dueTime(TimeOfDay(hour: 23, minute: 0))])
        #expect(listed(TodoQuery(order: .due)) == ["thursday", "all day", "morning", "evening"])
    }

    @Test func startingThenStoppingAddsTheTimeBetweenToTheTimeSpent() throws {
        let item = try add("write", [.secondsSpent(60)])
        let todos = FeatureUnderTest<TodoFeature>(starting: try core.store.state())
        try todos.send(
            .start(references: [item.id.value]),
            changes: [
                .perform(TodoBatch(label: "start \(item.id)", at: noon, edits: [.alter(item.id, [.started(noon)])]))
            ],
            answers: [.changed(items: [try item.alter(.started(noon))], abbreviation: 4)])
        let later = FeatureUnderTest<TodoFeature>(
            clock: .fixed(noon.addingTimeInterval(90 * 60)), starting: try todos.state)
        let stopped = try item.alter(.secondsSpent(60 + 90 * 60))
        try later.send(
            .stop(references: [item.id.value]),
            changes: [
                .perform(
                    TodoBatch(
                        label: "stop \(item.id)", at: noon.addingTimeInterval(90 * 60),
                        edits: [.alter(item.id, [.started(nil), .secondsSpent(60 + 90 * 60)])]))
            ],
            answers: [.changed(items: [stopped], abbreviation: 4)])
    }

    @Test func startingAStartedToDoOrStoppingOneNotStartedIsRefusedAndKeepsNothing() throws {
        let item = try add("write", [])
        let before = try core.store.state()
        #expect(core.todo(.stop(references: [item.id.value])) == .failed(reason: .notStarted(reference: item.id.value)))
        #expect(try core.store.state() == before)
        _ = core.todo(.start(references: [item.id.value]))
        let started = try core.store.state()
        #expect(
            core.todo(.start(references: [item.id.value])) == .failed(reason: .alreadyStarted(reference: item.id.value))
        )
        #expect(try core.store.state() == started)
    }

    @Test func doneStopsTheWorkAndKeepsItsTimeAndUndoTakesBothBack() throws {
        let item = try add("write", [])
        _ = core.todo(.start(references: [item.id.value]))
        let started = try core.store.state()
        let later = try later(by: hour)
        _ = later.todo(.complete(references: [item.id.value]))
        let done = try #require(try later.store.state().items[item.id])
        #expect(done.isCompleted && done.started == nil && done.secondsSpent == 3_600)
        _ = later.todo(.undo)
        #expect(try later.store.state().items[item.id] == started.items[item.id])
    }

    @Test func aTaskwarriorExportKeepsItsProjectTimesAndMomentsInTheirOwnFields() throws {
        let export = """
            [{"description":"Report","entry":"20261120T101500Z","status":"pending","project":"work.reports",
              "due":"20261201T173000Z","wait":"20261125T000000Z","scheduled":"20261124T080000Z",
              "until":"20261210T000000Z","start":"20261121T090000Z","tags":["q4"]},
             {"description":"Midnight","entry":"20261120T101500Z","status":"pending","due":"20261202T000000Z"}]
            """
        guard case .imported(let items, _, _) = core.todo(.importItems(text: export, format: .taskwarrior)) else {
            Issue.record("expected an import, got \(core.received())")
            return
        }
        let moment = { (text: String) in ValueCoding.parse(text) }
        #expect(items[0].project == "work.reports" && items[0].tags == ["q4"])
        #expect(items[0].due == Day(iso: "2026-12-01") && items[0].dueTime == TimeOfDay(hour: 17, minute: 30))
        #expect(items[0].wait == moment("2026-11-25T00:00:00Z"))
        #expect(items[0].scheduled == moment("2026-11-24T08:00:00Z"))
        #expect(items[0].until == moment("2026-12-10T00:00:00Z"))
        #expect(items[0].started == moment("2026-11-21T09:00:00Z"))
        #expect(items[1].due == Day(iso: "2026-12-02") && items[1].dueTime == nil)
    }

    @Test func everyNewFieldComesBackFromAJSONExport() throws {
        try add(
            "everything",
            [
                .project("home"), .due(Day(iso: "2026-12-01")), .dueTime(TimeOfDay(hour: 7, minute: 5, second: 9)),
                .wait(noon.addingTimeInterval(hour)), .scheduled(noon), .until(noon.addingTimeInterval(9 * hour)),
                .started(noon), .secondsSpent(42), .addContext("desk"),
            ])
        guard case .exported(let text) = core.todo(.export(format: .json)) else {
            Issue.record("expected an export")
            return
        }
        let fresh = TodosUnderTest()
        _ = fresh.todo(.importItems(text: text, format: .json))
        #expect(try fresh.store.state().items == core.store.state().items)
    }
}
