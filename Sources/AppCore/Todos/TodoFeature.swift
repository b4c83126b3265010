import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The to-do feature: adds, changes, forks, deletes, undoes and redoes to-dos, lists them,
/// reports on them, keeps the journal, and moves them in and out of files.
public func createTodoFeature(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoCommand> {
    let add = createAddTodo(store: store, random: random, clock: clock, output: output)
    let edit = createEditTodo(store: store, clock: clock, output: output)
    let mark = createMarkTodos(store: store, random: random, clock: clock, output: output)
    let track = createTrackTodos(store: store, clock: clock, output: output)
    let annotate = createAnnotateTodos(store: store, clock: clock, output: output)
    let fork = createForkTodo(store: store, random: random, clock: clock, output: output)
    let delete = createDeleteTodos(store: store, clock: clock, output: output)
    let rewind = createRewindTodos(store: store, clock: clock, output: output)
    let importItems = createImportTodos(store: store, random: random, clock: clock, output: output)
    let export = createExportTodos(store: store, clock: clock, output: output)
    let list = createListTodos(store: store, clock: clock, output: output)
    let show = createShowTodo(store: store, output: output)
    let showJournal = createShowJournal(store: store, output: output)
    let rank = createRankTodos(store: store, clock: clock, output: output)
    let countProjects = createCountProjects(store: store, clock: clock, output: output)
    let countTags = createCountTags(store: store, clock: clock, output: output)
    let listActive = createListActiveTodos(store: store, clock: clock, output: output)
    let listWaiting = createListWaitingTodos(store: store, clock: clock, output: output)
    let countDueDays = createCountDueDays(store: store, clock: clock, output: output)
    let countBurndown = createCountBurndown(store: store, clock: clock, output: output)
    return { command in
        switch command {
        case .add(let draft): add(draft)
        case .edit(let reference, let changes): edit(([reference], changes, nil))
        case .editEach(let references, let changes): edit((references, changes, nil))
        case .addToTitles(let references, let addition, let changes): edit((references, changes, addition))
        case .complete(let references): mark((references, true))
        case .reopen(let references): mark((references, false))
        case .start(let references): track((references, true))
        case .stop(let references): track((references, false))
        case .annotate(let references, let text): annotate((references, text, true))
        case .denotate(let references, let text): annotate((references, text, false))
        case .fork(let reference, let changes): fork((reference, changes))
        case .delete(let references): delete(references)
        case .importItems(let text, let format, let duplicates): importItems((text, format, duplicates ?? .leftOut))
        case .undo: rewind(.undo)
        case .redo: rewind(.redo)
        case .list(let query): list(query)
        case .show(let reference): show(reference)
        case .showJournal: showJournal(())
        case .export(let format): export(format)
        case .next(let query): rank(query)
        case .projects(let query): countProjects(query)
        case .tags(let query): countTags(query)
        case .active(let query): listActive(query)
        case .waiting(let query): listWaiting(query)
        case .dueDays(let query, let first, let last): countDueDays((query, first, last))
        case .burndown(let query, let period, let first, let last): countBurndown((query, period, first, last))
        }
    }
}

/// The to-do feature as the core registers it.
public enum TodoFeature: Feature {
    public typealias State = TodoState
    public static let name = "todo"

    public static func create(
        store: Store<TodoState>, environment: AppEnvironment, output: @escaping Output<TodoAnswer>
    ) -> Input<TodoCommand> {
        createTodoFeature(store: store, random: environment.random, clock: environment.clock, output: output)
    }

    public static let sampleCommands: [TodoCommand] = [
        .add(
            draft: TodoDraft(
                title: "buy milk",
                [
                    .notes("two litres"), .due(Day(year: 2026, month: 12, day: 1)), .priority(.high),
                    .tags(["errands"]), .contexts(["town"]), .addTag("shop"), .addContext("dairy"),
                    .project("home.kitchen"), .dueTime(TimeOfDay(hour: 17, minute: 30)),
                    .wait(Date(milliseconds: 1_795_100_000_000)), .scheduled(Date(milliseconds: 1_795_200_000_000)),
                    .until(Date(milliseconds: 1_796_000_000_000)), .recur(Recurrence(text: "2w")),
                ])),
        .add(draft: TodoDraft(title: "")),
        .importItems(
            text: "(A) 2026-11-01 call mom +family @phone due:2026-12-24 recur:monthly id:sample1 size:l\n"
                + "x 2026-11-03 2026-11-01 pay rent id:sample2\n(M) 2026-11-02 tidy the shed id:sample3\n",
            format: .todotxt),
        .importItems(text: "{", format: .json),
        // A task with a user-defined attribute, a recurring template and an instance; then the
        // same task changed, which updates the to-do of its uuid.
        .importItems(
            text: #"[{"uuid":"5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e5f","description":"report","status":"pending","#
                + #""entry":"20261101T090000Z","estimate":"2 hours","annotations":[{"entry":"20261102T090000Z","#
                + #""description":"asked"}]},{"uuid":"5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e60","description":"water","#
                + #""status":"recurring","recur":"weekly","due":"20261102T000000Z","entry":"20261101T090000Z"},"#
                + #"{"uuid":"5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e61","description":"water","status":"pending","#
                + #""parent":"5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e60","entry":"20261101T090000Z"}]"#,
            format: .taskwarrior),
        .importItems(
            text: #"[{"uuid":"5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e5f","description":"report, done","#
                + #""status":"completed","entry":"20261101T090000Z","end":"20261103T090000Z"}]"#,
            format: .taskwarrior),
        .complete(references: ["sample1"]),
        .complete(references: ["sample1"]),
        .reopen(references: ["sample1"]),
        .edit(
            reference: "sample1",
            changes: [
                .title("call mum"), .notes("about the holidays"), .due(nil), .priority(.low), .tags(["home"]),
                .addTag("calls"), .removeTag("home"), .contexts(["phone", "evening"]), .removeContext("evening"),
                .project("family"), .dueTime(nil), .wait(nil), .secondsSpent(600), .recur(nil),
                .addDependency("sample2"),
                .removeDependency("sample2"), .addDependency("sample2"),
                .addAnnotation(Annotation(entry: Date(milliseconds: 1_795_000_000_000), description: "rang")),
                .removeAnnotation(Annotation(entry: Date(milliseconds: 1_795_000_000_000), description: "rang")),
                .completed(Date(milliseconds: 1_795_000_000_000)),
            ]),
        // The letter H, which a store and JSON must keep apart from Taskwarrior's H, high.
        .editEach(references: ["sample1", "sample2"], changes: [.addTag("family"), .priority(Priority.all[7])]),
        .addToTitles(references: ["sample1", "sample2"], addition: TitleAddition("soon", at: .end), changes: []),
        .addToTitles(
            references: ["sample1"], addition: TitleAddition("ring:", at: .start), changes: [.addTag("calls")]),
        .start(references: ["sample1"]),
        .start(references: ["sample1"]),
        .stop(references: ["sample1"]),
        .stop(references: ["sample1"]),
        .annotate(references: ["sample1", "sample2"], text: "asked Bob"),
        .denotate(references: ["sample1"], text: "bob"),
        .denotate(references: ["sample1"], text: "bob"),
        .fork(reference: "sample2", changes: [.completed(nil)]),
        .delete(references: ["sample2"]),
        .undo,
        .redo,
        .list(query: TodoQuery(status: .all, order: .title)),
        .list(query: TodoQuery(status: .waiting, project: "home", context: "town", order: .due)),
        .list(
            query: TodoQuery(
                status: .all,
                filter: .any([
                    .all([
                        .ids(references: ["sample1", "sam"]), .tag("family"), .withoutTag("someday"),
                        .context("phone"), .withoutContext("town"), .project("family"), .priority(.medium),
                        .status(.open), .recur(.every(.monthly)),
                    ]),
                    .all(
                        [
                            .project(nil), .priority(nil), .due(.none), .recur(.none), .recur(.any), .blocked(true),
                            .blocking(false),
                            .matching(pattern: "c(a|u)ll"),
                        ] + sampleDueTests),
                ]))),
        .list(query: TodoQuery(filter: .ids(references: ["sample1"]))),
        .list(query: TodoQuery(filter: .matching(pattern: "(unclosed"))),
        .show(reference: "sample1"),
        .show(reference: "zzzz"),
        .showJournal,
        .export(format: .json),
        .export(format: .todotxt),
        .export(format: .taskwarrior),
        .next(query: TodoQuery(filter: .project("family"))),
        .projects(query: TodoQuery(status: .all)),
        .tags(query: TodoQuery()),
        .active(query: TodoQuery(status: .all)),
        .waiting(query: TodoQuery(status: .waiting)),
        .dueDays(query: TodoQuery(), first: sampleDay(2026, 12, 1), last: sampleDay(2026, 12, 31)),
        .dueDays(query: TodoQuery(), first: sampleDay(2000, 1, 1), last: sampleDay(2026, 12, 31)),
        .burndown(
            query: TodoQuery(status: .all), period: .week, first: sampleDay(2026, 11, 2), last: sampleDay(2026, 12, 6)),
    ]
}

extension TodoFeature {
    /// A day of the samples, which are all days.
    private static func sampleDay(_ year: Int, _ month: Int, _ day: Int) -> Day {
        Day(year: year, month: month, day: day) ?? .earliest
    }

    /// A due test of each kind, on Christmas Eve 2026.
    private static let sampleDueTests: [TodoFilter] =
        Day(year: 2026, month: 12, day: 24).map { day in
            [.due(.on(day)), .due(.before(day)), .due(.by(day)), .due(.after(day))]
        }
        ?? []
}

extension TodoAnswer: FailingAnswer {
    public var failure: (any AppFailure)? { if case .failed(let reason) = self { reason } else { nil } }
}

extension Named where Whole == AppState, Kind == Commands {
    /// A command to the todo feature, as the core's commands read: `.todo(…)`.
    public static func todo(_ command: TodoCommand) -> Self { Self(TodoFeature.self, command) }
}

extension Named where Whole == AppState, Kind == Answers {
    /// An answer of the todo feature, as the core's answers read: `.todo(…)`.
    public static func todo(_ answer: TodoAnswer) -> Self { Self(TodoFeature.self, answer) }
}
