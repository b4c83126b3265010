import Foundation
import Fractal
import StoreTestSupport
import Stores
import Synchronization
import Testing

/// A running total that counts how often a store decodes it, to see when a slice is read.
private struct WatchedTotal: StoredState, Fresh {
    static let decodings = Mutex(0)
    var total = 0

    init() {}

    init(from decoder: any Decoder) throws {
        total = try decoder.singleValueContainer().decode(Int.self)
        Self.decodings.withLock { $0 += 1 }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(total)
    }

    mutating func apply(_ change: Int) throws {
        guard change != 0 else { throw NothingToAdd() }
        total += change
    }

    /// Adding any number but 0 applies to every total: it can wait for the read.
    static func appliesUnread(_ change: Int) -> Bool { change != 0 }
}

private struct NothingToAdd: Error {}

/// Two slices: the left one plain, the right one watched.
private struct Halves: StoredState, Fresh {
    enum Change: Codable, Equatable, Sendable {
        case left(Int)
        case right(Int)
    }

    @Slice var left = WatchedTotal()
    @Slice var right = WatchedTotal()

    mutating func apply(_ change: Change) throws {
        switch change {
        case .left(let change): try _left.apply(change)
        case .right(let change): try _right.apply(change)
        }
    }

    mutating func replay(_ change: Change) throws {
        switch change {
        case .left(let change): try _left.replay(change)
        case .right(let change): try _right.replay(change)
        }
    }
}

private func decodings() -> Int { WatchedTotal.decodings.withLock { $0 } }

/// A store reads each slice of its state when it is first read: a program pays for the slices
/// its commands touch. Serialized, because the decodings are counted for the whole suite.
@Suite("A stored slice is read when first used", .serialized)
struct StoredSliceSpec {
    @Test(arguments: DurableVariant.available)
    func aStoreDecodesASliceOnlyWhenItIsRead(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder.inMemory()
        let writer = try variant.open(at: folder.path("store"), initial: Halves())
        try writer.change(.left(2))
        try writer.change(.right(5))

        let before = decodings()
        let reader = try variant.open(at: folder.path("store"), initial: Halves())
        #expect(decodings() == before, "opening the store decodes neither slice")
        #expect(try reader.state().left.total == 2)
        #expect(decodings() == before + 1, "reading the left slice decodes it alone")
        #expect(try reader.state().right.total == 5, "the change kept for the right slice is applied when it is read")
        #expect(decodings() == before + 2)
        _ = try reader.state().right
        #expect(decodings() == before + 2, "a slice is decoded once")
    }

    @Test(arguments: DurableVariant.available)
    func aChangeThatAppliesToAnySliceWaitsForItsReadAndIsKept(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder.inMemory()
        try variant.open(at: folder.path("store"), initial: Halves()).change(.right(5))
        let before = decodings()
        let store = try variant.open(at: folder.path("store"), initial: Halves())

        try store.change(.right(2))
        #expect(decodings() == before, "adding to the right slice does not read it")
        #expect(throws: NothingToAdd.self) { try store.change(.right(0)) }
        #expect(decodings() == before + 1, "a change that may not apply reads the slice first")
        #expect(try store.state().right.total == 7)
        #expect(try variant.open(at: folder.path("store"), initial: Halves()).state().right.total == 7)
        #expect(try variant.open(at: folder.path("store"), initial: Halves()).state().left.total == 0)
    }

    @Test(.slow, arguments: DurableVariant.available)
    func aSliceNobodyReadOutlivesSnapshotRewritesUnchanged(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder.inMemory()
        let first = try variant.open(at: folder.path("store"), initial: Halves())
        try first.change(.right(5))
        try first.change(.right(-1))
        for _ in 0..<600 { try first.change(.left(1)) }  // the snapshot is rewritten on the way

        let before = decodings()
        let second = try variant.open(at: folder.path("store"), initial: Halves())
        for _ in 0..<600 { try second.change(.left(1)) }
        #expect(decodings() == before + 1, "only the left slice was read, once, while it changed 600 times")

        let third = try variant.open(at: folder.path("store"), initial: Halves())
        #expect(try third.state().right.total == 4)
        #expect(try third.state().left.total == 1_200)
    }

    @Test func aCopyOfAStateTakesTheChangesReplayedToItAlone() throws {
        let folder = try TemporaryFolder.inMemory()
        let store = try createDiskStore(at: folder.path("store"), initial: Halves())
        try store.change(.right(5))
        let kept = try createDiskStore(at: folder.path("store"), initial: Halves()).state()

        var one = kept
        var other = kept
        try one.replay(.right(1))
        try other.replay(.right(2))
        #expect(one.right.total == 6)
        #expect(other.right.total == 7)
        #expect(kept.right.total == 5, "the state they were copied from is as it was")
    }

    @Test func aReplayedChangeThatDoesNotApplyIsAnErrorOfLoad() throws {
        let folder = try TemporaryFolder.inMemory()
        let store = try createDiskStore(at: folder.path("store"), initial: Halves())
        try store.change(.right(5))
        var state = try createDiskStore(at: folder.path("store"), initial: Halves()).state()

        try state.replay(.right(0))  // kept waiting, as the right slice was not read yet
        let error = #expect(throws: UnreadableSlice.self) { try state.$right.load() }
        #expect(error?.reason.hasPrefix("a kept change no longer applies") == true)
        #expect(try state.$left.load().total == 0, "the other slice reads as before")
    }

    @Test func aStateReadFromAStoreEqualsTheSameStateMadeInMemory() throws {
        let folder = try TemporaryFolder.inMemory()
        let store = try createSQLiteStore(at: folder.path("store"), initial: Halves())
        try store.change(.left(3))
        try store.change(.right(4))
        let stored = try createSQLiteStore(at: folder.path("store"), initial: Halves()).state()

        #expect(stored == (try Halves().alter(.left(3), .right(4))))
        #expect(stored != (try Halves().alter(.left(3), .right(5))))
    }
}
