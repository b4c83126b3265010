import AppCore
import Foundation
import StoreTestSupport
import Testing

/// What a command costs the store, counted on a durable one, where each read may be a file read
/// and each change a sync: every command of every feature reads the state at most once and keeps
/// at most one change, so that a feature grown by a use case cannot quietly read twice or write
/// in steps that a crash could split.
@Suite("Each command reads the store once and changes it once, at most")
struct StoreAccessSpec {
    @Test(arguments: DurableVariant.files)
    func everySampleCommandOfEveryFeatureReadsOnceAndChangesOnceAtMost(_ variant: DurableVariant) throws {
        let place = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: place) }
        let counted = CountedStore(try variant.open(at: place.appendingPathComponent("store").path, initial: .initial))
        let send = createAppCore(store: counted.store, random: .seeded(1), clock: .fixed(noon)) { _ in }
        for route in Routes<AppState>.registered.all {
            for command in route.sampleCommands {
                counted.reset()
                send(command)
                #expect(counted.reads <= 1, "\(route.name): \(command) read the state \(counted.reads) times")
                #expect(counted.changes <= 1, "\(route.name): \(command) kept \(counted.changes) changes")
            }
        }
    }

    @Test func markingAToDoDoneReadsOnceAndKeepsOneChange() throws {
        let place = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: place) }
        let counted = CountedStore(
            try DurableVariant.disk.open(at: place.appendingPathComponent("store").path, initial: .initial))
        let send = createAppCore(store: counted.store, random: .seeded(1), clock: .fixed(noon)) { _ in }
        for title in ["buy milk", "call mum", "file taxes"] { send(.todo(.add(draft: TodoDraft(title: title)))) }
        let id = try #require(try counted.store.state().todos.items.all().last?.id)
        counted.reset()
        send(.todo(.complete(references: [id.value])))
        #expect((counted.reads, counted.changes) == (1, 1))
        #expect(try counted.store.state().todos.items.all().map(\.isCompleted) == [false, false, true])
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-access-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// A store that counts the reads of its state and the changes kept, around another.
///
/// A class: the counts are shared by the store's closures and the specification that reads them.
private final class CountedStore: Sendable {
    private let counts = Locked((reads: 0, changes: 0))
    let store: Store<AppState>

    init(_ inner: Store<AppState>) {
        let counts = counts
        store = (
            state: {
                counts.withLock { $0.reads += 1 }
                return try inner.state()
            },
            change: { change in
                counts.withLock { $0.changes += 1 }
                try inner.change(change)
            },
            reset: inner.reset, updated: inner.updated, destroy: inner.destroy
        )
    }

    var reads: Int { counts.withLock { $0.reads } }
    var changes: Int { counts.withLock { $0.changes } }
    func reset() { counts.withLock { $0 = (0, 0) } }
}
