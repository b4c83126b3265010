import AppCore
import Essentials
import Foundation
import Testing

/// Importing a file again adds nothing and changes nothing, whichever program wrote it: every
/// format's export of ours, and the todo.txt that todo.txt-cli writes, which has no ids.
@Suite("To-do imports, again")
struct TodoImportAgainSpec {
    /// A clock with milliseconds, which neither todo.txt nor Taskwarrior writes.
    let core = TodosUnderTest(clock: .fixed(noon.addingTimeInterval(0.123)))

    func imported(
        _ text: String, _ format: TodoFormat, duplicates: ImportDuplicates? = nil, into module: TodosUnderTest? = nil
    ) throws -> (items: [TodoItem], report: ImportReport) {
        let module = module ?? core
        let answer = module.todo(.importItems(text: text, format: format, duplicates: duplicates))
        guard case .imported(let items, _, let report) = answer else { throw TodoTestError.unexpected(answer) }
        return (items, report)
    }

    func exported(_ format: TodoFormat) throws -> String {
        guard case .exported(let text) = core.todo(.export(format: format)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        return text
    }

    /// Three to-dos with every kind of field: one open with notes, a project, a wait, an
    /// annotation and a start; one done; one recurring.
    func threeToDos() throws -> [TodoItem] {
        let drafts = [
            TodoDraft(
                title: "write report",
                [.notes("the long one"), .project("work"), .wait(noon.addingTimeInterval(86_400.5)), .tags(["q4"])]),
            TodoDraft(title: "call mum", [.contexts(["phone"]), .priority(.high)]),
            TodoDraft(title: "water plants", [.due(Day(iso: "2026-12-01")), .recur(.weekly)]),
        ]
        let ids = try drafts.map { draft in
            guard case .added(let item, _) = core.todo(.add(draft: draft)) else {
                throw TodoTestError.unexpected(core.received().last)
            }
            return item.id.value
        }
        _ = core.todo(.annotate(references: [ids[0]], text: "asked Bob"))
        _ = core.todo(.start(references: [ids[0]]))
        _ = core.todo(.complete(references: [ids[1]]))
        return try core.store.state().items.all()
    }

    @Test(arguments: [TodoFormat.json, .todotxt, .taskwarrior])
    func anExportImportedTwiceAddsNothingAndChangesNothing(format: TodoFormat) throws {
        let before = try threeToDos()
        let text = try exported(format)
        for _ in 1...2 {
            let (items, report) = try imported(text, format)
            #expect(items.isEmpty)
            #expect(report.added == 0 && report.updated == 0 && report.unchanged == 3)
            #expect(try core.store.state().items.all() == before)
        }
    }

    @Test func aChangedLineOfOurTodoTxtUpdatesItsToDoAndKeepsWhatTodoTxtDoesNotCarry() throws {
        let before = try threeToDos()
        let text = try exported(.todotxt).replacingOccurrences(of: "write report", with: "write the report")
        let (items, report) = try imported(text, .todotxt)
        #expect(report.added == 0 && report.updated == 1 && report.unchanged == 2)
        #expect(items.map(\.id) == [before[0].id] && items[0].title == "write the report")
        #expect(items[0].notes == "the long one" && items[0].project == "work" && items[0].wait == before[0].wait)
        #expect(items[0].annotations == before[0].annotations && items[0].started == before[0].started)
    }

    /// todo.txt-cli's lines: a priority, the day each was made, no id.
    static let cliLines = """
        (A) 2026-11-01 Call mum +family @phone
        2026-11-02 Buy milk due:2026-12-01
        x 2026-11-20 2026-11-03 Pay rent
        """

    @Test func todoTxtWithoutIdsImportedTwiceIsMatchedByTitleAndTheDayItWasMade() throws {
        let (first, _) = try imported(Self.cliLines, .todotxt)
        let kept = try core.store.state().items.all()
        let (again, report) = try imported(Self.cliLines, .todotxt)
        #expect(first.count == 3 && again.isEmpty)
        #expect(report.added == 0 && report.updated == 0 && report.unchanged == 3)
        #expect(try core.store.state().items.all() == kept)

        let done = Self.cliLines.replacingOccurrences(
            of: "2026-11-02 Buy milk", with: "x 2026-11-21 2026-11-02 Buy milk")
        let (updated, doneReport) = try imported(done, .todotxt)
        #expect(doneReport.updated == 1 && doneReport.unchanged == 2 && doneReport.added == 0)
        #expect(updated.map(\.id) == [first[1].id] && updated[0].isCompleted)
    }

    /// Our todo.txt with its ids taken out, as another tool may write it back: each line is the
    /// to-do of its title made that day, the moment it was made to the millisecond or not.
    @Test func ourTodoTxtWithoutItsIdsIsMatchedByTitleAndTheDayItWasMade() throws {
        let before = try threeToDos()
        let text = try exported(.todotxt).replacing(#/ id:[0-9a-f]+/#, with: "")
        #expect(!text.contains("id:"))
        let (items, report) = try imported(text, .todotxt)
        #expect(items.isEmpty && report.added == 0 && report.unchanged == 3 && report.skipped.isEmpty)
        #expect(try core.store.state().items.all() == before)
    }

    /// A to-do left out as one here already stands for it: one of the file that depends on it
    /// depends on the one here.
    @Test func aToDoThatDependsOnOneLeftOutDependsOnItsTwinHere() throws {
        guard
            case .added(let milk, _) = core.todo(
                .add(draft: TodoDraft(title: "buy milk", [.due(Day(iso: "2026-11-25"))])))
        else { throw TodoTestError.unexpected(core.received().last) }
        let file = #"""
            [{"id": "aaaa000001", "title": "buy milk", "due": "2026-11-25"},
             {"id": "bbbb000001", "title": "go shop", "depends": ["aaaa000001"]}]
            """#
        let (items, report) = try imported(file, .json)
        #expect(report.added == 1 && report.skipped == [ImportReport.openAlready: 1])
        #expect(items.map(\.title) == ["go shop"] && items[0].depends == [milk.id.value])
    }

    /// An annotation made in the second its to-do was comes back from Taskwarrior as the notes:
    /// imported again into the store that exported it, it is the annotation it was.
    @Test func ourTaskwarriorExportOfAnAnnotationMadeWithItsToDoChangesNothing() throws {
        guard case .added(let item, _) = core.todo(.add(draft: TodoDraft(title: "buy milk"))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        _ = core.todo(.annotate(references: [item.id.value], text: "asked Bob"))
        let before = try core.store.state().items.all()
        let report = try imported(try exported(.taskwarrior), .taskwarrior).report
        #expect(report.unchanged == 1 && report.updated == 0)
        #expect(try core.store.state().items.all() == before)
    }

    @Test func twoLinesAlikeAreTwoToDosOnEveryImport() throws {
        let lines = "2026-11-02 Buy milk\n2026-11-02 Buy milk\n"
        #expect(try imported(lines, .todotxt).report.added == 2)
        let report = try imported(lines, .todotxt).report
        #expect(report.added == 0 && report.unchanged == 2)
        #expect(try core.store.state().items.all().count == 2)
    }

    @Test func aLineWithoutItsDayLikeAnOpenToDoIsLeftOutAndCountedUnlessDuplicatesAreAsked() throws {
        let line = "Buy milk due:2026-12-01\n"
        #expect(try imported(line, .todotxt).report.added == 1)
        let (items, report) = try imported(line, .todotxt)
        #expect(items.isEmpty && report.added == 0 && report.skipped == [ImportReport.openAlready: 1])
        #expect(try core.store.state().items.all().count == 1)

        // Another due day is another to-do; and duplicates, asked for, are added.
        #expect(try imported("Buy milk due:2026-12-02\n", .todotxt).report.added == 1)
        let (added, addedReport) = try imported(line, .todotxt, duplicates: .added)
        #expect(added.count == 1 && addedReport.added == 1 && addedReport.skipped.isEmpty)
        #expect(try core.store.state().items.all().count == 3)
    }
}
