import AppCore
import Foundation
import Fractal
import StoreTestSupport
import Testing

/// A store keeps the to-dos in pages, each sealed and read on its own, with an index of their
/// ids: whatever is added, changed and taken out, across pages and snapshots, reopening the store
/// gives back the to-dos a memory store holds, in the same order.
@Suite("To-dos in pages, as a store keeps them")
struct PagedTodosSpec {
    /// 1,300 to-dos: two full pages and part of a third.
    static let imported = (1...1_300).map { "task \($0) +tag @home" }.joined(separator: "\n")

    @Test(.slow, arguments: DurableVariant.files)
    func changesAcrossPagesAndSnapshotsReopenAsAMemoryStoreHasThem(_ variant: DurableVariant) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paged-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store").path
        let open = { try variant.open(at: path, initial: AppState.initial) }
        let memory = createMemoryStore(initial: AppState.initial)
        // Each step runs on the memory store and on a durable store opened anew, as a program would,
        // with a seed of its own, so that no step draws an id an earlier one drew.
        var seed: UInt64 = 0
        func step(_ commands: [Command]) throws {
            seed += 1
            for store in [memory, try open()] {
                let core = createAppCore(store: store, random: .seeded(seed), clock: .fixed(noon)) { _ in }
                for command in commands { core(command) }
            }
            let reopened = try open().state().todos
            #expect(try reopened == memory.state().todos)
            #expect(try Array(reopened.items.keys) == Array(memory.state().todos.items.keys), "the order made")
        }

        try step([.todo(.importItems(text: Self.imported, format: .todotxt))])
        let ids = try memory.state().todos.items.keys.map(\.value)
        // Every other to-do of the first page and of the third taken out in one command: the
        // snapshot rewritten after it drops the gaps and moves what is left up.
        try step([.todo(.delete(references: stride(from: 0, to: 512, by: 2).map { ids[$0] } + Array(ids[1_024...])))])
        try step([.todo(.complete(references: [ids[1], ids[600]])), .todo(.add(draft: TodoDraft(title: "milk")))])
        try step([.todo(.undo), .todo(.undo), .todo(.redo)])
        // Enough small changes to outweigh the snapshot, so that it is rewritten with them.
        try step((0..<40).map { .todo(.add(draft: TodoDraft(title: "errand \($0)"))) })
        #expect(try memory.state().todos.items.count == 1_300 - 256 - 276 + 40)
        #expect(try open().state().todos.resolve(ids[600]).value == ids[600], "an id is found after the rewrites")
    }
}
