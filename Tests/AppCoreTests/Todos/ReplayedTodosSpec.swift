import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import AppCore

/// A program starting between two snapshots replays every change kept since the last. A change to
/// a to-do on a page not read yet waits on that page, and the command's journal lines and undo
/// entry wait for it in turn: opening the store reads no page for them, and what is read later is
/// what a memory store, which applied each change at once, holds.
@Suite("Changes replayed to to-dos not read yet")
struct ReplayedTodosSpec {
    /// 1,300 to-dos: two full pages of 512 and part of a third.
    static let imported = (1...1_300).map { "task \($0) +tag" }.joined(separator: "\n")

    /// A durable store beside a memory store, each given the same commands, the durable one
    /// opened anew for each step, as a program would open it.
    struct Twins {
        let variant: DurableVariant
        let path: String
        let memory = createMemoryStore(initial: AppState.initial)
        var seed: UInt64 = 0

        func open() throws -> Store<AppState> { try variant.open(at: path, initial: AppState.initial) }

        mutating func step(_ commands: [Command]) throws {
            seed += 1
            for store in [memory, try open()] {
                let core = createAppCore(store: store, random: .seeded(seed), clock: .fixed(noon)) { _ in }
                for command in commands { core(command) }
            }
        }
    }

    static func twins(_ variant: DurableVariant) throws -> (Twins, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replayed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (Twins(variant: variant, path: folder.appendingPathComponent("store").path), folder)
    }

    @Test(.slow, arguments: DurableVariant.files)
    func changesToToDosNotReadYetReadNoPageAndReadBackAsAMemoryStoreHasThem(_ variant: DurableVariant) throws {
        var (twins, folder) = try Self.twins(variant)
        defer { try? FileManager.default.removeItem(at: folder) }
        try twins.step([.todo(.importItems(text: Self.imported, format: .todotxt))])
        let weekly = [TodoItem.Change.due(Day(iso: "2026-11-27")), .recur(Recurrence(text: "weekly"))]
        try twins.step([.todo(.add(draft: TodoDraft(title: "water plants", weekly)))])
        let ids = try twins.memory.state().todos.items.keys.map(\.value)
        #expect(try twins.open().state().todos.items.unreadPageCount == 3, "a fresh snapshot: no page read")
        // One step a command, each a program of its own: a to-do done on the first page, one on
        // the second edited, one annotated, the recurring one (on the last) done, which adds the next.
        try twins.step([.todo(.complete(references: [ids[1]]))])
        try twins.step([.todo(.edit(reference: ids[600], changes: [.title("task six hundred"), .addTag("moved")]))])
        try twins.step([.todo(.annotate(references: [ids[2]], text: "called"))])
        try twins.step([.todo(.complete(references: [ids[1_300]]))])

        let held = try twins.memory.state().todos
        let replayed = try twins.open().state().todos
        #expect(replayed.items.unreadPageCount == 3, "the changes wait on their pages, read by no one yet")
        #expect(try replayed.loadJournal() == held.loadJournal())
        #expect(replayed.items.unreadPageCount == 0, "the journal read the three pages the changes waited on")
        #expect(try replayed.loadUndoable() == held.loadUndoable())
        #expect(replayed == held)
        // Read the other way round: the to-dos first, then what the journal says of them.
        let again = try twins.open().state().todos
        #expect(try again.items.all() == held.items.all())
        #expect(again == held)
        #expect(try again.item(TodoID(ids[600]))?.title == "task six hundred")
    }

    @Test(.slow, arguments: DurableVariant.files)
    func anUndoOfAChangeThatWaitedOnItsPagePutsTheToDoBack(_ variant: DurableVariant) throws {
        var (twins, folder) = try Self.twins(variant)
        defer { try? FileManager.default.removeItem(at: folder) }
        try twins.step([.todo(.importItems(text: Self.imported, format: .todotxt))])
        let ids = try twins.memory.state().todos.items.keys.map(\.value)
        try twins.step([.todo(.complete(references: [ids[7]]))])
        try twins.step([.todo(.complete(references: [ids[700]]))])
        let replayed = try twins.open().state().todos
        _ = try replayed.loadUndoable()
        #expect(replayed.items.unreadPageCount == 1, "the undo history read the two pages its commands waited on")

        try twins.step([.todo(.undo)])

        let held = try twins.memory.state().todos
        #expect(try held.item(TodoID(ids[700]))?.isCompleted == false)
        #expect(try held.item(TodoID(ids[7]))?.isCompleted == true)
        #expect(try twins.open().state().todos == held)
    }
}
