import AppCore
import Essentials
import Foundation
import Fractal
import StoreTestSupport
import Testing

/// A durable store keeps the state field by field, in a form of its own: whatever the features
/// did, reopening the store gives back the very state that a memory store reached.
@Suite("State, as a store keeps it")
struct StoredStateSpec {
    /// One of every command that changes the state, each kind of to-do edit among them.
    static let session: [Command] = [
        .coin(.flip(count: 3)),
        .dice(.roll(expression: "4d6kh3", times: 2)),
        .eightBall(.ask(question: "Will it keep?")),
        .todo(.add(draft: TodoDraft(title: "buy milk"))),
        .todo(
            .add(
                draft: TodoDraft(
                    title: "file taxes",
                    [
                        .notes("the green folder"), .due(Day(year: 2027, month: 2, day: 28)), .priority(.high),
                        .tags(["admin", "money"]), .contexts(["desk"]),
                    ]))),
        .todo(
            .importItems(
                text:
                    "(B) 2026-11-01 call the bank +money @phone due:2026-12-01 ref:42\nx 2026-11-03 2026-11-02 done\n",
                format: .todotxt)),
    ]

    @Test(arguments: DurableVariant.files)
    func reopeningGivesBackTheStateAMemoryStoreReached(_ variant: DurableVariant) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stored-state-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store").path
        let open = { try variant.open(at: path, initial: AppState.initial) }

        let durable = try open()
        let memory = createMemoryStore(initial: AppState.initial)
        for store in [durable, memory] {
            let core = createAppCore(store: store, random: .seeded(7), clock: .fixed(noon)) { _ in }
            for command in Self.session { core(command) }
            for command in try Self.edits(of: store.state().todos) { core(command) }
        }

        let reopened = try open().state()
        #expect(try memory.state().todos.items.count == 5)
        #expect(try memory.state().todos.journal.count > 10)
        #expect(try reopened == memory.state())
    }

    @Test func aStoredStateThatNamesAnIDTwiceIsRefused() throws {
        let memory = createMemoryStore(initial: AppState.initial)
        createAppCore(store: memory, random: .seeded(7), clock: .fixed(noon)) { _ in }(
            .todo(.add(draft: TodoDraft(title: "buy milk"))))
        let stored = try ValueCoding.makeEncoder().encode(memory.state().todos)
        var fields = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
        let items = try #require(fields["items"] as? [Any])
        #expect(items.count == 1)
        fields["items"] = items + items
        let doubled = try JSONSerialization.data(withJSONObject: fields)
        #expect(throws: DecodingError.self) { try ValueCoding.makeDecoder().decode(TodoState.self, from: doubled) }
    }

    /// Every kind of change to the items there are, then undoing and redoing.
    static func edits(of todos: TodoState) throws -> [Command] {
        let ids = todos.items.keys.map(\.value)
        return [
            .todo(
                .edit(
                    reference: ids[0],
                    changes: [
                        .title("buy oat milk"), .notes("two cartons"), .due(Day(year: 2026, month: 12, day: 24)),
                        .priority(.low), .tags(["errands"]), .addTag("shop"), .removeTag("errands"),
                        .contexts(["town"]), .addContext("shop"), .removeContext("town"), .project("home.kitchen"),
                        .dueTime(TimeOfDay(hour: 17, minute: 30)), .wait(Date(milliseconds: 1_796_000_000_000)),
                        .scheduled(Date(milliseconds: 1_796_100_000_000)),
                        .until(Date(milliseconds: 1_797_000_000_000)), .secondsSpent(90),
                        .recur(Recurrence(text: "monthly on day 31")), .addDependency(ids[1]),
                        .removeDependency(ids[1]), .depends([ids[2]]),
                    ])),
            .todo(.edit(reference: ids[1], changes: [.due(nil), .priority(nil), .project(nil), .until(nil)])),
            .todo(.annotate(references: [ids[1], ids[2]], text: "asked Bob")),
            .todo(.denotate(references: [ids[2]], text: "bob")),
            .todo(.start(references: [ids[1]])),
            .todo(.stop(references: [ids[1]])),
            .todo(.complete(references: [ids[0], ids[2]])),
            .todo(.reopen(references: [ids[2]])),
            .todo(.fork(reference: ids[1], changes: [.title("file next year's taxes")])),
            .todo(.delete(references: [ids[3]])),
            .todo(.undo), .todo(.undo), .todo(.redo),
        ]
    }
}
