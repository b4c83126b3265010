import AppCore
import Essentials
import Foundation
import Testing

/// The reports of the to-do feature: each only reads, keeping nothing, and answers with what it
/// counts or ranks among the to-dos its query picks. The clock is 2026-11-22 12:00 UTC, a Sunday.
@Suite("To-do reports")
struct TodoReportsSpec {
    static let day: Int64 = 86_400_000

    /// A to-do made `age` days before noon, with `changes`.
    static func todo(
        _ id: String, _ title: String, age: Int64 = 0, _ changes: TodoItem.Change...
    ) throws -> TodoItem {
        try TodoItem(id: TodoID(id), title: title, created: Date(milliseconds: noon.milliseconds - age * day))
            .alter(changes)
    }

    /// The feature holding `items`, in that order.
    static func holding(_ items: [TodoItem]) throws -> FeatureUnderTest<TodoFeature> {
        FeatureUnderTest<TodoFeature>(
            starting: try TodoState().alter(
                .perform(TodoBatch(label: "add", at: noon, edits: items.map { .add($0, as: .added) }))))
    }

    static func day(_ text: String) throws -> Day { try #require(Day(iso: text)) }

    static func moment(days: Double) -> Date { Date(milliseconds: noon.milliseconds + Int64(days * Double(day))) }

    // MARK: urgency

    @Test func aToDoMadeNowWithNothingSetIsNotUrgentAtAll() throws {
        #expect(try Self.todo("a1", "plain").urgency(at: noon, in: .utc) == 0)
    }

    @Test func eachTermAddsItsCoefficientTimesItsFactorAndNothingElse() throws {
        let plain = try Self.todo("a1", "plain")
        func added(_ change: TodoItem.Change...) throws -> Double {
            try plain.alter(change).urgency(at: noon, in: .utc)
        }
        #expect(try added(.addTag("next")) == 15 + 0.8)
        #expect(try added(.priority(.high)) == 6)
        #expect(try added(.priority(.medium)) == 3.9)
        #expect(try added(.priority(.low)) == 1.8)
        #expect(try added(.scheduled(Self.moment(days: -1))) == 5)
        #expect(try added(.scheduled(Self.moment(days: 1))) == 0)
        #expect(try added(.started(noon)) == 4)
        #expect(try added(.project("home")) == 1)
        #expect(try added(.wait(Self.moment(days: 1))) == -3)
        #expect(try added(.tags(["a"])) == 0.8)
        #expect(try added(.tags(["a", "b"])) == 0.9)
        #expect(try added(.tags(["a", "b", "c", "d"])) == 1)
        #expect(try added(.addContext("town")) == 0)
    }

    @Test func annotationsCountAsTagsDoAndTheNotesAreOneOfThem() throws {
        let plain = try Self.todo("a1", "plain")
        func said(_ count: Int) -> [TodoItem.Change] {
            (0..<count).map { .addAnnotation(Annotation(entry: noon, description: "said \($0)")) }
        }
        #expect(try plain.alter(said(1)).urgency(at: noon, in: .utc) == 0.8)
        #expect(try plain.alter(said(2)).urgency(at: noon, in: .utc) == 0.9)
        #expect(try plain.alter(said(5)).urgency(at: noon, in: .utc) == 1)
        #expect(try plain.alter([.notes("two litres")]).urgency(at: noon, in: .utc) == 0.8)
        #expect(try plain.alter([.notes("two litres")] + said(1)).urgency(at: noon, in: .utc) == 0.9)
    }

    @Test func ageCountsWholeDaysUpToAYear() throws {
        #expect(try Self.todo("a1", "old", age: 73).urgency(at: noon, in: .utc) == 2 * (73.0 / 365))
        #expect(try Self.todo("a1", "older", age: 400).urgency(at: noon, in: .utc) == 2)
    }

    @Test func dueRisesFromTwoWeeksAheadToAWeekOverdue() throws {
        func due(_ day: String, at time: TimeOfDay? = nil) throws -> Double {
            try Self.todo("a1", "due", .due(Self.day(day)), .dueTime(time)).urgency(at: noon, in: .utc)
        }
        #expect(try due("2027-01-30") == 12 * 0.2)
        #expect(try due("2026-12-06", at: TimeOfDay(seconds: 12 * 3_600)) == 12 * 0.2)
        #expect(try due("2026-11-22", at: TimeOfDay(seconds: 12 * 3_600)) == 12 * (14 * 0.8 / 21 + 0.2))
        #expect(try due("2026-11-15", at: TimeOfDay(seconds: 12 * 3_600)) == 12)
        #expect(try due("2026-10-01") == 12)
        // A day without a time is due at its start, as Taskwarrior keeps it: half a day ago.
        #expect(try due("2026-11-22") == 12 * ((14.5 * 0.8 / 21) + 0.2))
    }

    @Test func aDueDayIsReadInTheClocksTimeZone() throws {
        let item = try Self.todo("a1", "due", .due(Self.day("2026-11-22")))
        let tokyo = Zone { _ in 9 * 3_600 }
        // Midnight in Tokyo is 15:00 the day before in UTC: 21 hours before noon.
        #expect(item.urgency(at: noon, in: tokyo) == 12 * (((14 + 21.0 / 24) * 0.8 / 21) + 0.2))
    }

    // MARK: next

    @Test func nextRanksTheOpenToDosMostUrgentFirstAndKeepsNothing() throws {
        let plain = try Self.todo("a1", "plain")
        let high = try Self.todo("b2", "high", .priority(.high))
        let next = try Self.todo("c3", "next", .addTag("next"))
        let done = try Self.todo("d4", "done", .addTag("next"), .completed(noon))
        let alsoPlain = try Self.todo("e5", "also plain")
        let todos = try Self.holding([plain, high, next, done, alsoPlain])
        try todos.send(
            .next(query: TodoQuery()), changes: [],
            answers: [
                .ranked(
                    items: [
                        RankedTodo(item: next, urgency: 15 + 0.8), RankedTodo(item: high, urgency: 6),
                        RankedTodo(item: plain, urgency: 0), RankedTodo(item: alsoPlain, urgency: 0),
                    ], abbreviation: 4)
            ])
    }

    @Test func nextRanksAToDoOthersWaitOnHigherAndOneWaitingOnAnOpenOneLower() throws {
        let paint = try Self.todo("a1", "paint")
        let wall = try Self.todo("b2", "wall", .addDependency("a1"))
        let sold = try Self.todo("c3", "sold", .completed(noon))
        let sign = try Self.todo("d4", "sign", .addDependency("c3"))
        // A waiting to-do is still open: it blocks, and is blocked, though `next` does not list it.
        let later = try Self.todo("e5", "later", .wait(Self.moment(days: 2)))
        let door = try Self.todo("f6", "door", .addDependency("e5"))
        let todos = try Self.holding([paint, wall, sold, sign, later, door])
        try todos.send(
            .next(query: TodoQuery()), changes: [],
            answers: [
                .ranked(
                    items: [
                        RankedTodo(item: paint, urgency: 8), RankedTodo(item: sign, urgency: 0),
                        RankedTodo(item: wall, urgency: -5), RankedTodo(item: door, urgency: -5),
                    ], abbreviation: 4)
            ])
        // Named by its id alone, a to-do others wait on is blocking still.
        try todos.send(
            .next(query: TodoQuery(filter: .ids(references: ["a1"]))), changes: [],
            answers: [.ranked(items: [RankedTodo(item: paint, urgency: 8)], abbreviation: 4)])
    }

    @Test func nextRanksOnlyWhatItsFilterPicks() throws {
        let home = try Self.todo("a1", "home", .project("home.garden"))
        let work = try Self.todo("b2", "work", .project("work"), .priority(.high))
        let todos = try Self.holding([home, work])
        try todos.send(
            .next(query: TodoQuery(filter: .project("home"))), changes: [],
            answers: [.ranked(items: [RankedTodo(item: home, urgency: 1)], abbreviation: 4)])
    }

    // MARK: projects and tags

    @Test func projectsCountEachToDoInItsProjectAndThoseAboveNoneFirst() throws {
        let todos = try Self.holding([
            try Self.todo("a1", "paint", .project("home.garden")),
            try Self.todo("b2", "sweep", .project("home")),
            try Self.todo("c3", "cook", .project("home.kitchen"), .completed(noon)),
            try Self.todo("d4", "report", .project("work.q4")),
            try Self.todo("e5", "loose"),
            try Self.todo("f6", "old", .project("attic"), .completed(noon)),
            try Self.todo("g7", "shop", .project("home-shop")),
        ])
        try todos.send(
            .projects(query: TodoQuery(status: .all)), changes: [],
            answers: [
                .projects(counts: [
                    ProjectCount(project: nil, open: 1), ProjectCount(project: "home", open: 2, done: 1),
                    ProjectCount(project: "home.garden", open: 1), ProjectCount(project: "home-shop", open: 1),
                    ProjectCount(project: "work", open: 1), ProjectCount(project: "work.q4", open: 1),
                ])
            ])
        #expect(ProjectCount(project: "work.q4.draft", open: 1).depth == 2)
    }

    @Test func aWaitingToDoCountsAsOpenButNamesNoProjectAndAnExpiredOneCountsNowhere() throws {
        let later = TodoItem.Change.wait(Self.moment(days: 2))
        let todos = try Self.holding([
            try Self.todo("a1", "paint", .project("home.garden")),
            try Self.todo("b2", "sweep", .project("home"), later),
            try Self.todo("c3", "report", .project("work"), later),
            try Self.todo("d4", "draft", .project("work.q4"), later),
            try Self.todo("e5", "loose", later),
            try Self.todo("f6", "sale", .project("shop"), .until(Self.moment(days: -1))),
            try Self.todo("g7", "bread", .project("shop")),
        ])
        try todos.send(
            .projects(query: TodoQuery(status: .all)), changes: [],
            answers: [
                .projects(counts: [
                    ProjectCount(project: "home", open: 2), ProjectCount(project: "home.garden", open: 1),
                    ProjectCount(project: "shop", open: 1),
                ])
            ])
    }

    @Test func tagsCountTheToDosCarryingEachInTheOrderOfTheirNames() throws {
        let todos = try Self.holding([
            try Self.todo("a1", "milk", .tags(["errands", "shop"])),
            try Self.todo("b2", "bread", .tags(["shop"])),
            try Self.todo("c3", "done", .tags(["zzz"]), .completed(noon)),
        ])
        try todos.send(
            .tags(query: TodoQuery()), changes: [],
            answers: [.tags(counts: [TagCount(tag: "errands", count: 1), TagCount(tag: "shop", count: 2)])])
    }

    // MARK: active and waiting

    @Test func activeListsTheStartedOnesNotDoneFirstStartedFirst() throws {
        let late = try Self.todo("a1", "late", .started(noon))
        let early = try Self.todo("b2", "early", .started(Self.moment(days: -1)))
        let idle = try Self.todo("c3", "idle")
        let todos = try Self.holding([late, early, idle])
        try todos.send(
            .active(query: TodoQuery(status: .all)), changes: [],
            answers: [.listed(items: [early, late], abbreviation: 4, links: nil)])
    }

    @Test func waitingListsThoseWaitingFirstToShowFirst() throws {
        let long = try Self.todo("a1", "long", .wait(Self.moment(days: 9)))
        let short = try Self.todo("b2", "short", .wait(Self.moment(days: 1)))
        let over = try Self.todo("c3", "over", .wait(Self.moment(days: -1)))
        let todos = try Self.holding([long, short, over])
        try todos.send(
            .waiting(query: TodoQuery(status: .all)), changes: [],
            answers: [.listed(items: [short, long], abbreviation: 4, links: nil)])
    }

    // MARK: calendar and burndown

    @Test func dueDaysCountTheToDosDueOnEachDayInTheRangeAlone() throws {
        let todos = try Self.holding([
            try Self.todo("a1", "a", .due(Self.day("2026-11-30"))),
            try Self.todo("b2", "b", .due(Self.day("2026-11-03"))),
            try Self.todo("c3", "c", .due(Self.day("2026-11-30"))),
            try Self.todo("d4", "d", .due(Self.day("2026-12-01"))),
            try Self.todo("e5", "e"),
        ])
        try todos.send(
            .dueDays(query: TodoQuery(), first: Self.day("2026-11-01"), last: Self.day("2026-11-30")), changes: [],
            answers: [
                .dueDays(counts: [
                    DueCount(day: try Self.day("2026-11-03"), count: 1),
                    DueCount(day: try Self.day("2026-11-30"), count: 2),
                ])
            ])
    }

    @Test func burndownCountsOpenAndDoneAtTheEndOfEachDay() throws {
        let todos = try Self.holding([
            try Self.todo("a1", "made before", age: 10),
            try Self.todo("b2", "made then done", age: 2, .completed(Self.moment(days: -1))),
            try Self.todo("c3", "made today", age: 0),
            try Self.todo("d4", "done long ago", age: 30, .completed(Self.moment(days: -20))),
        ])
        try todos.send(
            .burndown(
                query: TodoQuery(status: .all), period: .day, first: Self.day("2026-11-19"),
                last: Self.day("2026-11-22")), changes: [],
            answers: [
                .burndown(points: [
                    BurndownPoint(start: try Self.day("2026-11-19"), open: 1, done: 1),
                    BurndownPoint(start: try Self.day("2026-11-20"), open: 2, done: 1),
                    BurndownPoint(start: try Self.day("2026-11-21"), open: 1, done: 2),
                    BurndownPoint(start: try Self.day("2026-11-22"), open: 2, done: 2),
                ])
            ])
    }

    @Test func burndownByWeekCountsAtTheEndOfEachSevenDays() throws {
        let todos = try Self.holding([
            try Self.todo("a1", "early", age: 12),
            try Self.todo("b2", "late", age: 1, .completed(noon)),
        ])
        try todos.send(
            .burndown(
                query: TodoQuery(status: .all), period: .week, first: Self.day("2026-11-09"),
                last: Self.day("2026-11-22")), changes: [],
            answers: [
                .burndown(points: [
                    BurndownPoint(start: try Self.day("2026-11-09"), open: 1, done: 0),
                    BurndownPoint(start: try Self.day("2026-11-16"), open: 1, done: 1),
                ])
            ])
    }

    @Test func aReportOfMoreDaysThanTheLimitIsRefusedSayingSo() throws {
        let todos = try Self.holding([])
        let first = try Self.day("2000-01-01")
        let last = try #require(first.adding(days: TodoLimits.reportDays))
        try todos.send(
            .dueDays(query: TodoQuery(), first: first, last: last), changes: [],
            answers: [
                .failed(
                    reason: .overLimit(
                        what: "a report from 2000-01-01 to \(last)", size: TodoLimits.reportDays + 1,
                        limit: TodoLimits.reportDays, unit: "days"))
            ])
    }
}
