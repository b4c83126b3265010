import AppCore
import Essentials
import Foundation
import Testing

/// Imports that lose nothing, or say so: every field of a Taskwarrior task kept in the to-do or
/// as an extra it names, a file imported again matched by uuid, todo.txt kept as it was written,
/// and a file's format told from the file.
@Suite("To-do imports")
struct TodoImportSpec {
    let core = TodosUnderTest()

    static let tasks = """
        [{"id":1,"description":"Report","entry":"20261120T101500Z","modified":"20261120T101500Z",
          "status":"pending","uuid":"0f9d8a3e-1111-4c1b-9a55-000000000001","project":"work.reports",
          "priority":"H","due":"20261201T173000Z","tags":["q4"],"urgency":12.3,
          "annotations":[{"entry":"20261121T090000Z","description":"asked Bob"},
                         {"entry":"20261122T100000Z","description":"sent draft"}],
          "estimate":"2 hours","size":3,"depends":["0f9d8a3e-1111-4c1b-9a55-000000000002"]},
         {"description":"Call mum","end":"20261121T090000Z","entry":"20261119T080000Z","status":"completed",
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000002","priority":"VH"},
         {"description":"Water plants","entry":"20261101T080000Z","status":"recurring","recur":"weekly",
          "due":"20261102T000000Z","mask":"+-","uuid":"0f9d8a3e-1111-4c1b-9a55-000000000003"},
         {"description":"Water plants","entry":"20261101T080000Z","status":"pending","recur":"weekly",
          "due":"20261109T000000Z","parent":"0f9d8a3e-1111-4c1b-9a55-000000000003","imask":1,
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000004"},
         {"description":"Gone","entry":"20261119T080000Z","status":"deleted",
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000005"}]
        """

    func imported(_ text: String, _ format: TodoFormat, into module: TodosUnderTest? = nil) throws -> (
        items: [TodoItem], report: ImportReport
    ) {
        let module = module ?? core
        guard case .imported(let items, _, let report) = module.todo(.importItems(text: text, format: format)) else {
            throw TodoTestError.unexpected(module.received().last)
        }
        return (items, report)
    }

    func exported(_ format: TodoFormat, from module: TodosUnderTest? = nil) throws -> String {
        let module = module ?? core
        guard case .exported(let text) = module.todo(.export(format: format)) else {
            throw TodoTestError.unexpected(module.received().last)
        }
        return text
    }

    @Test func aTaskwarriorTaskKeepsEveryFieldAndNamesThoseKeptAsExtras() throws {
        let (items, report) = try imported(Self.tasks, .taskwarrior)
        let report0 = items[0]
        #expect(report0.notes.isEmpty)
        #expect(report0.annotations.all.map(\.description) == ["asked Bob", "sent draft"])
        #expect(report0.priority == .high && report0.project == "work.reports" && report0.tags == ["q4"])
        #expect(report0.due == Day(iso: "2026-12-01") && report0.dueTime == TimeOfDay(hour: 17, minute: 30))
        #expect(
            report0.extras == ["uuid": "0f9d8a3e-1111-4c1b-9a55-000000000001", "estimate": "2%20hours", "size": "3"])
        // The task it depends on, by its uuid, is the to-do made of it.
        #expect(report0.depends == [items[1].id.value])
        #expect(items[1].priority == nil && items[1].extras["priority"] == "VH")
        #expect(report.keptAsExtras == ["estimate", "imask", "parent", "priority", "size"])
    }

    @Test func eachInstanceOfARecurringTaskIsAToDoThatKeepsItsTemplateAndDeletedTasksAreLeftOut() throws {
        let (items, report) = try imported(Self.tasks, .taskwarrior)
        #expect(items.map(\.title) == ["Report", "Call mum", "Water plants"])
        let instance = items[2]
        #expect(instance.recur == .weekly && instance.extras["recur"] == nil && !instance.isCompleted)
        #expect(instance.due == Day(iso: "2026-11-09"))
        #expect(
            instance.extras == [
                "uuid": "0f9d8a3e-1111-4c1b-9a55-000000000004", "parent": "0f9d8a3e-1111-4c1b-9a55-000000000003",
                "imask": "1", "template": "20261101T080000Z,20261102T000000Z,+-",
            ])
        #expect(report.skipped == [ImportReport.deleted: 1, ImportReport.recurringTemplate: 1])
        #expect(report.added == 3 && report.updated == 0 && report.unchanged == 0)
    }

    @Test func importingTheSameTasksAgainAddsNothingAndAChangedOneUpdatesItsToDo() throws {
        let (first, _) = try imported(Self.tasks, .taskwarrior)
        let kept = try core.store.state()
        let (again, report) = try imported(Self.tasks, .taskwarrior)
        #expect(again.isEmpty && report.unchanged == 3 && report.added == 0 && report.updated == 0)
        #expect(try core.store.state().items == kept.items)

        let changed = Self.tasks.replacingOccurrences(
            of: #""description":"Call mum""#, with: #""description":"Call dad""#)
        let (updated, changedReport) = try imported(changed, .taskwarrior)
        #expect(changedReport.updated == 1 && changedReport.unchanged == 2 && changedReport.added == 0)
        #expect(updated.map(\.id) == [first[1].id] && updated[0].title == "Call dad")
        let state = try core.store.state()
        #expect(try state.items.all().count == 3)
        #expect(try state.items.all().map(\.title) == ["Report", "Call dad", "Water plants"])
        _ = core.todo(.undo)
        #expect(try core.store.state().items == kept.items)
    }

    @Test func twoTasksOfOneUUIDAreRefused() throws {
        let task = #"{"description":"a","entry":"20261120T101500Z","status":"pending","uuid":"u1"}"#
        let answer = core.todo(.importItems(text: "[\(task),\(task)]", format: .taskwarrior))
        guard case .failed(.unreadableImport(_, _, let problem)) = answer else {
            Issue.record("expected a refusal, got \(String(describing: answer))")
            return
        }
        #expect(problem.contains("task 2") && problem.contains("task 1"))
    }

    @Test func aTaskwarriorExportImportsAsTheSameToDos() throws {
        let (items, _) = try imported(Self.tasks, .taskwarrior)
        _ = core.todo(.edit(reference: items[0].id.value, changes: [.addContext("desk"), .wait(noon)]))
        let text = try exported(.taskwarrior)
        let fresh = TodosUnderTest()
        _ = try imported(text, .taskwarrior, into: fresh)
        let before = try core.store.state().items.all()
        let after = try fresh.store.state().items.all()
        #expect(after.count == before.count)
        // Every field but the id, which Taskwarrior does not keep: the uuid finds the to-do.
        let fields = { (item: TodoItem) in
            [
                item.title, item.notes, "\(item.due as Any)", "\(item.dueTime as Any)", "\(item.priority as Any)",
                "\(item.tags)", "\(item.contexts)", "\(item.extras.sorted { $0.key < $1.key })", "\(item.created)",
                "\(item.completed as Any)", "\(item.project as Any)", "\(item.wait as Any)",
                "\(item.scheduled as Any)", "\(item.until as Any)", "\(item.started as Any)",
            ]
        }
        #expect(after.map(fields) == before.map(fields))
    }

    @Test func aToDoWithoutAUUIDIsExportedWithTheSameMadeUpOneEachTime() throws {
        try core.add("plain")
        let first = try exported(.taskwarrior)
        #expect(first == (try exported(.taskwarrior)))
        let uuid = try #require(first.firstMatch(of: /"uuid":"([0-9a-f-]{36})"/)?.1)
        #expect(uuid.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] && uuid.dropFirst(14).first == "8")
    }

    // MARK: todo.txt

    /// Every feature of todo.txt's format, in the order `export` writes the words.
    static let everyFeature = """
        (A) 2026-11-01 Call mum at 10:30 +family @phone due:2026-11-30 id:a1
        (D) Someday tidy the shed +home id:a2
        (Z) 2026-10-01 Learn the cello http://example.com/cello id:a3
        x 2026-11-20 2026-11-01 Pay rent +home pri:B id:a4
        x 2026-11-21 Post the card pri:K id:a5
        Read \\+1 and \\@later ideas due\\:friday size:l id:a6

        """

    @Test func aTodoTxtFileUsingEveryFeatureIsWrittenBackByteForByte() throws {
        _ = try imported(Self.everyFeature, .todotxt)
        let first = try exported(.todotxt)
        #expect(first == Self.everyFeature)
        let fresh = TodosUnderTest()
        _ = try imported(first, .todotxt, into: fresh)
        #expect(try exported(.todotxt, from: fresh) == first)
    }

    @Test func eachLetterIsAPriorityOfItsOwn() throws {
        let (items, _) = try imported(
            "(D) one\n(Z) two\n(C) three\nx 2026-11-20 2026-11-01 four pri:Q\n(H) five\nsix pri:q\n", .todotxt)
        #expect(items.map { $0.priority?.letter } == ["D", "Z", "C", "Q", "H", nil])
        // A letter in lower case is no todo.txt priority: kept as it came, not dropped.
        #expect(items.map { $0.extras["priority"] } == [nil, nil, nil, nil, nil, "q"])
    }

    @Test func aLineWithoutTheDayItWasMadeGetsNoneAndADoneOneIsNotMadeAfterItWasDone() throws {
        let (items, _) = try imported("x 2026-11-20 posted\nopen one\n", .todotxt)
        #expect(items[0].created <= (items[0].completed ?? .distantPast))
        #expect(items.map { $0.extras["created"] } == ["none", "none"])
        #expect(try exported(.todotxt).hasPrefix("x 2026-11-20 posted id:"))
    }

    /// todo.txt's completion day is optional: a done line without one is done when it was made,
    /// never on a day of 1970.
    @Test func aDoneLineWithoutItsDayIsDoneWhenItWasMade() throws {
        let (items, _) = try imported("x posted\nx 2026-11-01 sent\n", .todotxt)
        #expect(items.map(\.completed) == [items[0].created, items[1].created])
        #expect(items[0].created > Date(timeIntervalSince1970: 0) && items.allSatisfy(\.isCompleted))
        #expect(Day(items[1].created, in: .utc) == Day(year: 2026, month: 11, day: 1))
        #expect(try exported(.todotxt).contains("x 2026-11-01 sent id:"))
        // The same file again is the same to-dos: each line matched once, nothing added.
        let (_, report) = try imported("x posted\nx 2026-11-01 sent\nx posted\n", .todotxt)
        #expect(report.added == 1 && report.unchanged == 2, "the second x posted is a to-do of its own")
        let (_, last) = try imported("x posted\nx 2026-11-01 sent\nx posted\n", .todotxt)
        #expect(last.added == 0 && last.unchanged == 3)
    }

    @Test func aTimeInATitleStaysInTheTitle() throws {
        let (items, _) = try imported("meet at 10:30 by the door\n", .todotxt)
        #expect(items[0].title == "meet at 10:30 by the door" && items[0].extras["created"] == "none")
        #expect(items[0].extras.count == 1)
    }

    // MARK: Telling the format

    @Test(arguments: [
        ("[{\"title\": \"a\"}]", TodoFormat.json), ("{\"title\": \"a\", \"id\": \"x\"}", .json), ("[]", .json),
        (TodoImportSpec.tasks, .taskwarrior), ("{\"description\": \"a\"}\n{\"description\": \"b\"}", .taskwarrior),
        ("(A) call mum\n", .todotxt), ("", .todotxt),
    ])
    func aFormatIsToldFromTheFile(_ text: String, _ format: TodoFormat) {
        #expect(TodoFormat.recognised(in: text) == format)
    }

    @Test(arguments: ["[1, 2]", "{\"name\": \"a\"}", "[{\"title\": \"a\"}, {\"description\": \"b\"}]", "[{"])
    func jsonOfNeitherFormatIsNotTold(_ text: String) {
        #expect(TodoFormat.recognised(in: text) == nil)
    }

    @Test(arguments: [
        (#"[{"title": 3}]"#, "to-do 1's title is not text"),
        (#"[{"title": "a"}, {"title": "b", "due": 5}]"#, "to-do 2's due is not text"),
        ("[{", "it is not valid JSON"),
    ])
    func aJSONFileThatCannotBeReadSaysWhereInOurWords(_ text: String, _ problem: String) {
        let answer = core.todo(.importItems(text: text, format: .json))
        guard case .failed(.unreadableImport(_, _, let said)) = answer else {
            Issue.record("expected a refusal, got \(String(describing: answer))")
            return
        }
        #expect(said == problem)
    }
}
