import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import AppCore

/// A report over to-dos a store has not read yet looks at the fields its filter names alone, and
/// reads whole only the to-dos it picks: it picks what a memory store, which holds them whole,
/// picks, in the same order.
@Suite("Picking among to-dos not read yet")
struct SiftedPicksSpec {
    /// 1,300 to-dos over three pages of 512: some tagged, some in a context; then some of the first
    /// page are done, and two in a project are added to the last.
    static let imported = (1...1_300).map { number in
        "task \(number)" + (number % 3 == 0 ? " +errands" : "") + (number % 7 == 0 ? " @town" : "")
    }.joined(separator: "\n")

    @Test(.slow, arguments: DurableVariant.files)
    func aFilterPicksWhatItPicksAmongToDosHeldWhole(_ variant: DurableVariant) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sifted-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store").path
        let memory = createMemoryStore(initial: AppState.initial)
        var seed: UInt64 = 0
        func step(_ commands: [Command]) throws {
            seed += 1
            for store in [memory, try variant.open(at: path, initial: AppState.initial)] {
                let core = createAppCore(store: store, random: .seeded(seed), clock: .fixed(noon)) { _ in }
                for command in commands { core(command) }
            }
        }
        try step([.todo(.importItems(text: Self.imported, format: .todotxt))])
        let ids = try memory.state().todos.items.keys.map(\.value)
        try step([
            .todo(.complete(references: stride(from: 0, to: 512, by: 11).map { ids[$0] })),
            .todo(.add(draft: TodoDraft(title: "report", [.project("work.q4"), .priority(.high)]))),
            .todo(.add(draft: TodoDraft(title: "hire", [.project("work"), .addDependency(ids[5])]))),
        ])

        let held = try memory.state().todos
        let queries = [
            TodoQuery(), TodoQuery(status: .all, order: .title), TodoQuery(tag: "errands"),
            TodoQuery(filter: .project("work")), TodoQuery(search: "task 12"),
            TodoQuery(status: .done, filter: .all([.tag("errands"), .context("town")])),
            TodoQuery(filter: .any([.matching(pattern: "task 1[0-9]$"), .priority(.high), .blocked(true)])),
        ]
        for query in queries {
            // Opened anew for each, so that no page was read by the query before.
            let stored = try variant.open(at: path, initial: AppState.initial).state().todos
            var seen: [TodoItem] = []
            let picked = try query.picks(in: stored, at: noon) { seen.append($0) }
            #expect(try picked == query.picks(in: held, at: noon), "\(query)")
            // Every to-do is seen; where the query picks by more than status and does not look at
            // titles, those of the second page, which no change since the store's snapshot read,
            // are seen without theirs.
            #expect(seen.count == held.items.count)
            if query.fieldsRead != TodoFieldsRead.always && !query.fieldsRead.contains("title") {
                #expect(seen.count { $0.title.isEmpty } >= 512, "\(query)")
            }
        }
    }
}
