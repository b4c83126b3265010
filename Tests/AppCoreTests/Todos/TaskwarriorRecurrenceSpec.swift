import AppCore
import Essentials
import Foundation
import Testing

/// A recurring task keeps who it is through Taskwarrior: each instance comes in as itself, done
/// or open, and goes back out under its uuid, after the template written again with its mask.
@Suite("Taskwarrior's recurring tasks, in and out")
struct TaskwarriorRecurrenceSpec {
    let core = TodosUnderTest()

    static let template = "0f9d8a3e-2222-4c1b-9a55-000000000001"
    static func instance(_ number: Int) -> String { "0f9d8a3e-2222-4c1b-9a55-00000000001\(number)" }

    /// A monthly rent: the template, its first instance done in Taskwarrior, its second open.
    static let rent = """
        [{"description":"Pay rent","due":"20261130T000000Z","entry":"20261102T044307Z","mask":"+-",
          "recur":"monthly","rtype":"periodic","status":"recurring","uuid":"\(template)"},
         {"description":"Pay rent","due":"20261230T000000Z","entry":"20261102T044307Z","imask":1,
          "parent":"\(template)","recur":"monthly","rtype":"periodic","status":"pending","uuid":"\(instance(1))"},
         {"description":"Pay rent","due":"20261130T000000Z","end":"20261202T044310Z","entry":"20261102T044307Z",
          "imask":0,"parent":"\(template)","recur":"monthly","rtype":"periodic","status":"completed",
          "uuid":"\(instance(0))"}]
        """

    func imported(_ text: String) throws -> (items: [TodoItem], report: ImportReport) {
        let answer = core.todo(.importItems(text: text, format: .taskwarrior))
        guard case .imported(let items, _, let report) = answer else { throw TodoTestError.unexpected(answer) }
        return (items, report)
    }

    /// The export's tasks, by uuid.
    func exported() throws -> [String: [String: Any]] {
        guard case .exported(let text) = core.todo(.export(format: .taskwarrior)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return Dictionary(tasks.map { ($0["uuid"] as? String ?? "", $0) }) { first, _ in first }
    }

    func todos() throws -> [TodoItem] {
        try core.store.state().items.all()
    }

    @Test func anInstanceDoneInTaskwarriorComesInDoneAndTheNextOpenAsItself() throws {
        let (items, report) = try imported(Self.rent)
        #expect(report.added == 2 && report.skipped == [ImportReport.recurringTemplate: 1])
        let byUUID = Dictionary(items.map { ($0.extras["uuid"] ?? "", $0) }) { first, _ in first }
        let done = try #require(byUUID[Self.instance(0)])
        let open = try #require(byUUID[Self.instance(1)])
        #expect(done.isCompleted && done.due == Day(iso: "2026-11-30"))
        #expect(!open.isCompleted && open.due == Day(iso: "2026-12-30") && open.recur == .monthly)
        #expect(try todos().filter { !$0.isCompleted }.map(\.title) == ["Pay rent"])
    }

    @Test func theExportGivesTaskwarriorBackItsTemplateAndInstancesUnderTheirUUIDs() throws {
        _ = try imported(Self.rent)
        let tasks = try exported()
        #expect(tasks.count == 3)
        let template = try #require(tasks[Self.template])
        #expect(template["status"] as? String == "recurring" && template["mask"] as? String == "+-")
        #expect(template["entry"] as? String == "20261102T044307Z" && template["due"] as? String == "20261130T000000Z")
        #expect(template["parent"] == nil && template["imask"] == nil && template["template"] == nil)
        #expect(template["recur"] as? String == "monthly" && template["rtype"] as? String == "periodic")
        let open = try #require(tasks[Self.instance(1)])
        #expect(open["status"] as? String == "pending" && open["parent"] as? String == Self.template)
        #expect(open["imask"] as? Int == 1 && open["mask"] == nil && open["template"] == nil)
        let done = try #require(tasks[Self.instance(0)])
        #expect(done["status"] as? String == "completed" && done["imask"] as? Int == 0)
    }

    @Test func importingTheExportAgainChangesNothing() throws {
        _ = try imported(Self.rent)
        let before = try todos()
        guard case .exported(let text) = core.todo(.export(format: .taskwarrior)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        let (items, report) = try imported(text)
        #expect(items.isEmpty && report.unchanged == 2 && report.added == 0)
        #expect(try todos() == before)
    }

    @Test func theLatestInstanceDoneHereMakesTheNextInItsPlaceAndTheMaskSaysSo() throws {
        _ = try imported(Self.rent)
        let open = try #require(try todos().first { $0.extras["uuid"] == Self.instance(1) })
        _ = core.todo(.complete(references: [open.id.value]))
        let next = try #require(try todos().first { !$0.isCompleted })
        #expect(next.due == Day(iso: "2027-01-30") && next.extras["imask"] == "2")
        #expect(next.extras["parent"] == Self.template && next.extras["uuid"] == nil)
        let tasks = try exported()
        #expect(tasks[Self.template]?["mask"] as? String == "++-")
        #expect(tasks[Self.instance(1)]?["status"] as? String == "completed")
    }

    @Test func anInstanceWithALaterOneHereAlreadyMakesNoOtherWhenDone() throws {
        let reopened = Self.rent.replacingOccurrences(
            of: #""end":"20261202T044310Z","#, with: ""
        ).replacingOccurrences(of: #""status":"completed""#, with: #""status":"pending""#)
        _ = try imported(reopened)
        let first = try #require(try todos().first { $0.extras["uuid"] == Self.instance(0) })
        _ = core.todo(.complete(references: [first.id.value]))
        #expect(try todos().count == 2)
        #expect(try todos().filter { !$0.isCompleted }.map { $0.extras["uuid"] } == [Self.instance(1)])
    }

    @Test func anInstanceDeletedHereIsDeletedInTheMask() throws {
        _ = try imported(Self.rent)
        let open = try #require(try todos().first { $0.extras["uuid"] == Self.instance(1) })
        _ = core.todo(.delete(references: [open.id.value]))
        #expect(try exported()[Self.template]?["mask"] as? String == "+X")
    }

    @Test func anInstanceWhoseRecurrenceIsTakenOffHereLeavesItsTemplate() throws {
        _ = try imported(Self.rent)
        let open = try #require(try todos().first { $0.extras["uuid"] == Self.instance(1) })
        _ = core.todo(.edit(reference: open.id.value, changes: [.recur(nil)]))
        let tasks = try exported()
        let left = try #require(tasks[Self.instance(1)])
        #expect(left["status"] as? String == "pending" && left["recur"] == nil)
        #expect(left["parent"] == nil && left["imask"] == nil)
        let template = try #require(tasks[Self.template])
        #expect(template["recur"] as? String == "monthly" && template["mask"] as? String == "+X")
    }

    @Test func aTemplateWithoutADueGoesWithItsInstancesWhichComeBackWithoutIt() throws {
        let undated = Self.rent.replacingOccurrences(
            of: #"[{"description":"Pay rent","due":"20261130T000000Z","#, with: #"[{"description":"Pay rent","#)
        let (items, report) = try imported(undated)
        #expect(items.count == 2 && report.skipped == [ImportReport.recurringTemplate: 1])
        #expect(items.allSatisfy { $0.extras["template"] == nil && $0.extras["parent"] == Self.template })
        let tasks = try exported()
        #expect(tasks.count == 2 && tasks[Self.template] == nil)
        #expect(tasks[Self.instance(1)]?["parent"] as? String == Self.template)
    }

    @Test func aCopyOfAnInstanceIsATaskOfItsOwnThatTheExportWritesBesideIt() throws {
        _ = try imported(Self.rent)
        let open = try #require(try todos().first { $0.extras["uuid"] == Self.instance(1) })
        guard case .forked(let copy, _, _) = core.todo(.fork(reference: open.id.value, changes: [])) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        #expect(copy.extras["uuid"] == nil && copy.extras["parent"] == nil && copy.extras["imask"] == nil)
        #expect(copy.extras["template"] == nil && copy.extras["rtype"] == "periodic" && copy.title == open.title)
        let tasks = try exported()
        #expect(tasks.count == 4 && tasks[Self.template]?["mask"] as? String == "+-")
        guard case .exported(let text) = core.todo(.export(format: .taskwarrior)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        let (items, report) = try imported(text)
        #expect(items.isEmpty && report.unchanged == 3)
    }

    @Test func aToDoThatRecursHereAndTheInstanceTaskwarriorMadeOfItAreOneToDo() throws {
        let draft = TodoDraft(title: "Water plants", [.due(Day(iso: "2026-11-30")), .recur(.weekly)])
        guard case .added(let made, _) = core.todo(.add(draft: draft)) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        let ours = try #require(try exported().values.first)
        #expect(ours["status"] as? String == "recurring")
        // What `task import` and a report make of it: the template, and its first instance,
        // done in Taskwarrior.
        var template = ours
        template["mask"] = "+"
        let instance: [String: Any] = [
            "uuid": Self.instance(5), "description": "Water plants", "status": "completed",
            "entry": "20261123T090000Z", "end": "20261130T090000Z", "due": ours["due"] ?? "", "recur": "weekly",
            "parent": ours["uuid"] ?? "", "imask": 0, "rtype": "periodic",
        ]
        let file = try JSONSerialization.data(withJSONObject: [template, instance])
        let (items, report) = try imported(String(decoding: file, as: UTF8.self))
        #expect(report.added == 0 && report.updated == 1)
        #expect(items.map(\.id) == [made.id] && items.first?.isCompleted == true)
        #expect(try todos().count == 1 && items.first?.extras["uuid"] == Self.instance(5))
    }
}
