import Fractal
import StoreTestSupport
import Testing

@Suite("Store")
struct StoreSpec {
    let folder: TemporaryFolder
    let start = Tally(counts: ["apples": 2, "pears": 5])

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(arguments: StoreVariant.available)
    func aStoreStartsAtItsInitialValue(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: start, in: folder)
        #expect(try store.state() == start)
    }

    @Test(arguments: StoreVariant.available)
    func aChangeChangesOnlyWhatItNames(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: start, in: folder)
        try store.change(.add("apples", 1))
        #expect(try store.state().counts["apples"] == 3)
        #expect(try store.state().counts["pears"] == 5)
        #expect(try store.state().counts.count == 2)
    }

    @Test(arguments: StoreVariant.available)
    func aFailedChangeLeavesTheStateAsItWas(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: start, in: folder)
        #expect(throws: Tally.Refused.self) { try store.change(.refuse) }
        #expect(try store.state() == start)
    }

    @Test(arguments: StoreVariant.available)
    func resetGoesBackToTheInitialValue(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: start, in: folder)
        try store.change(.add("plums", 4))
        try store.reset()
        #expect(try store.state() == start)
    }

    @Test(arguments: StoreVariant.available)
    func everyObserverIsToldAfterEveryChange(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: start, in: folder)
        let first = Counter()
        let second = Counter()
        store.updated { first.increment() }
        store.updated { second.increment() }
        try store.change(.add("apples", 1))
        try store.change(.add("pears", 1))
        #expect(first.count == 2)
        #expect(second.count == 2)
    }

    @Test(arguments: StoreVariant.available)
    func anObserverIsNotToldOfAFailedChange(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: start, in: folder)
        let told = Counter()
        store.updated { told.increment() }
        _ = try? store.change(.refuse)
        #expect(told.count == 0)
    }

    @Test(.slow, arguments: StoreVariant.available)
    func concurrentChangesAreAllApplied(_ variant: StoreVariant) async throws {
        let store = try variant.make(initial: Tally(), in: folder)
        let told = Counter()
        store.updated { told.increment() }
        // A durable change waits for the disk, so the durable variants take fewer of them.
        let changesPerTask = variant == .memory ? 10_000 : 250
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<changesPerTask { try store.change(.add("task \(task)", 1)) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.state().total == 8 * changesPerTask)
        #expect(try store.state().counts.values.allSatisfy { $0 == changesPerTask })
        #expect(told.count == 8 * changesPerTask)
    }

    @Test(arguments: StoreVariant.available)
    func aStateSomebodyHoldsIsNeverChangedUnderThem(_ variant: StoreVariant) throws {
        let store = try variant.make(initial: CopyCountingLog(), in: folder)
        try store.change(.append(1))
        let held = try store.state()
        try store.change(.append(2))
        #expect(held.entries == [1])
        #expect(try store.state().entries == [1, 2])
    }
}

@Suite("Memory store")
struct MemoryStoreSpec {
    @Test func aChangeToAStateNobodyElseHoldsReusesItsStorage() throws {
        let copies = Counter()
        let store = createMemoryStore(initial: CopyCountingLog(copies: copies))
        try store.change(.append(0))  // the first change copies away from the kept initial value
        let copiesAfterFirstChange = copies.count
        for entry in 1...1_000 { try store.change(.append(entry)) }
        #expect(copiesAfterFirstChange == 1)
        #expect(copies.count == 1)
        #expect(try store.state().entries == Array(0...1_000))
    }

    @Test func oneChangeAloneReusesTheStorageToo() throws {
        let copies = Counter()
        let store = createMemoryStore(initial: CopyCountingLog(copies: copies))
        try store.change(.append(0))
        for entry in 1...1_000 { try store.change(.append(entry)) }
        #expect(copies.count == 1)
        #expect(try store.state().entries == Array(0...1_000))
    }
}
