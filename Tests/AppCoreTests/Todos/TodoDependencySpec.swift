import AppCore
import Essentials
import Foundation
import Testing

/// To-dos that wait on others: a dependency named by the start of an id is kept whole, one on a
/// to-do that is not there, on itself or closing a cycle is refused and keeps nothing, a list tells
/// which are blocked and blocking, and done on a blocked one names what still blocks it.
@Suite("To-do dependencies")
struct TodoDependencySpec {
    let core = TodosUnderTest()

    func fail(_ what: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record("\(what)", sourceLocation: sourceLocation)
    }

    @discardableResult
    func add(_ title: String, _ changes: [TodoItem.Change] = []) throws -> TodoItem {
        guard case .added(let item, _) = core.todo(.add(draft: TodoDraft(title: title, changes))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        return item
    }

    func edit(_ item: TodoItem, _ changes: [TodoItem.Change]) -> TodoAnswer? {
        core.todo(.edit(reference: item.id.value, changes: changes))
    }

    func short(_ item: TodoItem) -> String { String(item.id.value.prefix(4)) }

    @Test func aDependencyNamedByTheStartOfAnIdIsKeptAsTheWholeId() throws {
        let paint = try add("buy paint")
        let wall = try add("paint the wall", [.addDependency(short(paint))])
        #expect(wall.depends == [paint.id.value])
        guard case .changed(let items, _) = edit(wall, [.removeDependency(short(paint))]) else {
            return fail(core.received())
        }
        #expect(items.map(\.depends) == [[]])
    }

    @Test func aDependencyOnNoToDoOnItselfOrClosingACycleIsRefusedAndKeepsNothing() throws {
        let a = try add("a")
        let b = try add("b", [.addDependency(a.id.value)])
        let c = try add("c", [.addDependency(b.id.value)])
        let before = try core.store.state()
        #expect(
            edit(a, [.addDependency("zzzz")])
                == .failed(
                    reason: .badDependency(
                        reference: "zzzz", problem: "no to-do has that id; `todo list --all` shows every id")))
        #expect(
            edit(a, [.addDependency(a.id.value)])
                == .failed(reason: .badDependency(reference: a.id.value, problem: "a to-do cannot depend on itself")))
        guard case .failed(.badDependency(let reference, let problem)) = edit(a, [.addDependency(c.id.value)]) else {
            return fail(core.received())
        }
        #expect(reference == c.id.value && problem.contains("waits on \(a.id.value) already"))
        #expect(try core.store.state() == before)
    }

    @Test func aListTellsWhichAreBlockedAndWhichBlockWhileTheyAreOpen() throws {
        let paint = try add("buy paint")
        let wall = try add("paint the wall", [.addDependency(paint.id.value)])
        let other = try add("sweep")
        guard case .listed(_, _, let links) = core.todo(.list(query: TodoQuery())) else { return fail(core.received()) }
        #expect(
            links
                == TodoLinks(
                    blocked: [TodoLinks.Link(id: wall.id, others: [paint.id])],
                    blocking: [TodoLinks.Link(id: paint.id, others: [wall.id])]))
        _ = core.todo(.complete(references: [paint.id.value]))
        guard case .listed(_, _, let after) = core.todo(.list(query: TodoQuery(status: .all))) else {
            return fail(core.received())
        }
        #expect(after == nil)
        #expect(other.depends.isEmpty)
    }

    @Test func virtualTagsPickTheBlockedAndTheBlockingOnes() throws {
        let paint = try add("buy paint")
        try add("paint the wall", [.addDependency(paint.id.value)])
        try add("sweep")
        func listed(_ filter: TodoFilter) -> [String] {
            guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(filter: filter))) else { return [] }
            return items.map(\.title)
        }
        #expect(listed(.blocked(true)) == ["paint the wall"])
        #expect(listed(.blocked(false)) == ["buy paint", "sweep"])
        #expect(listed(.blocking(true)) == ["buy paint"])
        #expect(listed(.blocking(false)) == ["paint the wall", "sweep"])
    }

    @Test func doneOnABlockedToDoIsDoneAllTheSameAndNamesWhatStillBlocksIt() throws {
        let paint = try add("buy paint")
        let brush = try add("buy a brush")
        let wall = try add("paint the wall", [.addDependency(paint.id.value), .addDependency(brush.id.value)])
        let answer = core.todo(.complete(references: [wall.id.value, brush.id.value]))
        guard case .completed(let items, _, let report) = answer else { return fail(core.received()) }
        #expect(items.map(\.id) == [wall.id, brush.id] && items.allSatisfy(\.isCompleted))
        // The brush, done by the same command, blocks it no longer.
        #expect(report == DoneReport(blocked: [TodoLinks.Link(id: wall.id, others: [paint.id])]))
    }

    @Test func aTaskwarriorExportWritesTheUuidsOfTheTasksItDependsOn() throws {
        let paint = try add("buy paint")
        try add("paint the wall", [.addDependency(paint.id.value)])
        guard case .exported(let text) = core.todo(.export(format: .taskwarrior)) else { return fail(core.received()) }
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(tasks[1]["depends"] as? [String] == [try #require(tasks[0]["uuid"] as? String)])
        let fresh = TodosUnderTest()
        _ = fresh.todo(.importItems(text: text, format: .taskwarrior))
        let items = try fresh.store.state().items.all()
        #expect(items.map(\.title) == ["buy paint", "paint the wall"] && items[1].depends == [items[0].id.value])
    }

    @Test func aTaskwarriorDependencyOnATaskTheFileDoesNotHoldStaysAnExtraItNames() throws {
        let text = #"""
            [{"uuid":"00000000-0000-4000-8000-000000000002","description":"wall","status":"pending",
              "entry":"20261101T090000Z","depends":["00000000-0000-4000-8000-000000000001",
              "00000000-0000-4000-8000-000000000009"]},
             {"uuid":"00000000-0000-4000-8000-000000000001","description":"paint","status":"pending",
              "entry":"20261101T090000Z"}]
            """#
        guard case .imported(let items, _, let report) = core.todo(.importItems(text: text, format: .taskwarrior))
        else {
            return fail(core.received())
        }
        #expect(items[0].depends == [items[1].id.value])
        #expect(items[0].extras["depends"] == "00000000-0000-4000-8000-000000000009")
        #expect(report.keptAsExtras == ["depends"])
    }

    @Test func moreDependenciesThanTheLimitAreRefused() throws {
        let others = try (0...TodoLimits.dependencies).map { try add("step \($0)") }
        let last = try add("last")
        let answer = edit(last, others.map { .addDependency($0.id.value) })
        #expect(
            answer
                == .failed(
                    reason: .overLimit(
                        what: "to-dos one to-do depends on", size: TodoLimits.dependencies + 1,
                        limit: TodoLimits.dependencies, unit: nil)))
    }

    @Test func aJSONToDoOfAnIdHereIsThatToDoAndOneThatDependsOnItDependsOnIt() throws {
        _ = core.todo(.importItems(text: #"[{"id": "aaaa000001", "title": "here first"}]"#, format: .json))
        let file = #"""
            [{"id": "aaaa000001", "title": "paint"}, {"id": "bbbb000001", "title": "wall", "depends": ["aaaa000001"]}]
            """#
        guard case .imported(let items, _, let report) = core.todo(.importItems(text: file, format: .json)) else {
            return fail(core.received())
        }
        #expect(items.map(\.title) == ["paint", "wall"] && items.map(\.id.value) == ["aaaa000001", "bbbb000001"])
        #expect(report.updated == 1 && report.added == 1)
        #expect(items[1].depends == ["aaaa000001"])
    }

    @Test func aJSONToDoDependsOnTheOneItsFileNamesEvenWhereThatOneIsGivenANewId() throws {
        // The file gives one id twice: the second to-do of it is given a new id, and the one that
        // depends on that id depends on the to-do the file named it for last.
        let file = #"""
            [{"id": "aaaa000001", "title": "paint"}, {"id": "aaaa000001", "title": "sand"},
             {"id": "bbbb000001", "title": "wall", "depends": ["aaaa000001"]}]
            """#
        guard case .imported(let items, _, _) = core.todo(.importItems(text: file, format: .json)) else {
            return fail(core.received())
        }
        #expect(items.map(\.title) == ["paint", "sand", "wall"] && items[1].id.value != "aaaa000001")
        #expect(items[2].depends == [items[1].id.value])
    }

    @Test(arguments: [
        (#"[{"id": "cccc000001", "title": "wall", "depends": ["dddd000001"]}]"#, "to-do 1: it depends on dddd000001"),
        (#"[{"id": "cccc000001", "title": "wall", "depends": ["cccc000001"]}]"#, "a to-do cannot depend on itself"),
    ])
    func aJSONDependencyOnNoToDoOrOnItselfIsTheFilesDataAtFaultAndImportsNothing(_ file: String, _ says: String) throws
    {
        let before = try core.store.state()
        guard case .failed(let reason) = core.todo(.importItems(text: file, format: .json)) else {
            return fail(core.received())
        }
        #expect(reason.kind == .dataError && reason.description.contains(says), "\(reason)")
        #expect(try core.store.state() == before)
    }
}
