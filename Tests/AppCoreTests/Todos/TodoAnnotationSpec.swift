import AppCore
import Essentials
import Foundation
import Testing

/// Annotations: a line said of a to-do, kept with the moment from the clock, taken off by its text
/// or a part only it holds, undone as one command, found by a pattern, and carried to and from
/// Taskwarrior with its date.
@Suite("To-do annotations")
struct TodoAnnotationSpec {
    let core = TodosUnderTest()

    func fail(_ what: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record("\(what)", sourceLocation: sourceLocation)
    }

    func add(_ title: String) throws -> TodoItem {
        guard case .added(let item, _) = core.todo(.add(draft: TodoDraft(title: title))) else {
            throw TodoTestError.unexpected(core.received().last)
        }
        return item
    }

    @Test func annotatingAddsALineWithTheMomentAndChangesNothingElse() throws {
        let todos = FeatureUnderTest<TodoFeature>()
        _ = todos.sent(.add(draft: TodoDraft(title: "report", [.addTag("work")])))
        let report = try #require(try todos.state.items.all().first)
        let annotation = Annotation(entry: noon, description: "asked Bob")
        try todos.send(
            .annotate(references: [report.id.value], text: "  asked Bob "),
            changes: [
                .perform(
                    TodoBatch(
                        label: "annotate \(report.id.value)", at: noon,
                        edits: [
                            .alter(report.id, [.addAnnotation(Annotation(entry: noon, description: "  asked Bob "))])
                        ]))
            ],
            answers: [.changed(items: [try report.alter(.addAnnotation(annotation))], abbreviation: 4)])
        #expect(try todos.state.items[report.id]?.annotations == Annotations([annotation]))
        #expect(try todos.state.items[report.id]?.alter(.removeAnnotation(annotation)) == report)
    }

    @Test func denotateTakesOffTheOneOfThatTextOrTheOnlyOneHoldingItAndUndoPutsItBack() throws {
        let report = try add("report")
        _ = core.todo(.annotate(references: [report.id.value], text: "asked Bob"))
        _ = core.todo(.annotate(references: [report.id.value], text: "asked Bobby"))
        let both = try core.store.state().items
        #expect(
            core.todo(.denotate(references: [report.id.value], text: "bob"))
                == .failed(reason: .ambiguousAnnotation(reference: report.id.value, text: "bob", count: 2)))
        #expect(
            core.todo(.denotate(references: [report.id.value], text: "carol"))
                == .failed(reason: .noSuchAnnotation(reference: report.id.value, text: "carol")))
        guard case .changed(let items, _) = core.todo(.denotate(references: [report.id.value], text: "asked Bob"))
        else { return fail(core.received()) }
        #expect(items.map { $0.annotations.all.map(\.description) } == [["asked Bobby"]])
        guard case .changed(let after, _) = core.todo(.denotate(references: [report.id.value], text: "BOBBY"))
        else { return fail(core.received()) }
        #expect(after.map(\.annotations.isEmpty) == [true])
        _ = core.todo(.undo)
        _ = core.todo(.undo)
        #expect(try core.store.state().items == both)
    }

    @Test(arguments: ["", "  ", "two\nlines", "bell \u{7}"])
    func anAnnotationThatIsNoLineOfTextIsRefused(_ text: String) throws {
        let report = try add("report")
        let before = try core.store.state()
        guard case .failed = core.todo(.annotate(references: [report.id.value], text: text)) else {
            return fail(core.received())
        }
        #expect(try core.store.state() == before)
    }

    @Test func moreAnnotationsThanTheLimitAreRefused() throws {
        let report = try add("report")
        for number in 1...TodoLimits.annotations {
            _ = core.todo(.annotate(references: [report.id.value], text: "note \(number)"))
        }
        #expect(
            core.todo(.annotate(references: [report.id.value], text: "one more"))
                == .failed(
                    reason: .overLimit(
                        what: "annotations on one to-do", size: TodoLimits.annotations + 1,
                        limit: TodoLimits.annotations, unit: nil)))
    }

    @Test func aPatternFindsAnAnnotation() throws {
        let report = try add("report")
        _ = try add("other")
        _ = core.todo(.annotate(references: [report.id.value], text: "asked Bob"))
        guard case .listed(let items, _, _) = core.todo(.list(query: TodoQuery(filter: .matching(pattern: "bob"))))
        else { return fail(core.received()) }
        #expect(items.map(\.title) == ["report"])
    }

    @Test func taskwarriorAnnotationsAreTheToDosWithTheirDatesAndGoBackSo() throws {
        let text = #"""
            [{"uuid":"00000000-0000-4000-8000-000000000001","description":"report","status":"pending",
              "entry":"20261101T090000Z","annotations":[{"entry":"20261101T090000Z","description":"the notes"},
              {"entry":"20261102T100000Z","description":"asked Bob"}]}]
            """#
        guard case .imported(let items, _, let report) = core.todo(.importItems(text: text, format: .taskwarrior))
        else {
            return fail(core.received())
        }
        #expect(items[0].notes == "the notes")
        #expect(
            items[0].annotations.all == [
                Annotation(entry: Date(milliseconds: 1_793_613_600_000), description: "asked Bob")
            ])
        #expect(report.keptAsExtras.isEmpty)
        guard case .exported(let exported) = core.todo(.export(format: .taskwarrior)) else {
            return fail(core.received())
        }
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [[String: Any]])
        let annotations = try #require(tasks.first?["annotations"] as? [[String: String]])
        #expect(
            annotations == [
                ["entry": "20261101T090000Z", "description": "the notes"],
                ["entry": "20261102T100000Z", "description": "asked Bob"],
            ])
    }

    @Test func jsonCarriesAnnotationsWithTheirMoments() throws {
        let report = try add("report")
        _ = core.todo(.annotate(references: [report.id.value], text: "asked Bob"))
        guard case .exported(let text) = core.todo(.export(format: .json)) else { return fail(core.received()) }
        let fresh = TodosUnderTest()
        _ = fresh.todo(.importItems(text: text, format: .json))
        #expect(try fresh.store.state().items.all() == core.store.state().items.all())
    }
}
