import Foundation
import Fractal
import StoreTestSupport
import Testing

@Suite("Durable stores")
struct DurableStoreSpec {
    let folder: TemporaryFolder
    var path: String { folder.path("store") }

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(arguments: DurableVariant.available)
    func reopeningGivesBackExactlyTheStateItHad(_ variant: DurableVariant) throws {
        let store = try variant.open(at: path, initial: Ledger())
        try store.change(.append("milk"))
        try store.change(.appendBoth("eggs", "bread"))
        let reopened = try variant.open(at: path, initial: Ledger())
        #expect(try reopened.state().entries == ["milk", "eggs", "bread"])
    }

    @Test(.slow, arguments: DurableVariant.available)
    func aStateRewrittenAsASnapshotReopensExactly(_ variant: DurableVariant) throws {
        // Enough changes to outweigh the snapshot many times over, so it is rewritten on the way.
        let store = try variant.open(at: path, initial: Ledger())
        let entries = (0..<1_500).map { "entry \($0) " + String(repeating: "x", count: 80) }
        for entry in entries { try store.change(.append(entry)) }
        let reopened = try variant.open(at: path, initial: Ledger())
        #expect(try reopened.state().entries == entries)
        if variant.isFile { #expect(try fileSize(path) < 3 * 1_500 * 100 + 4 * 1024) }
    }

    @Test(arguments: DurableVariant.available)
    func aResetIsKept(_ variant: DurableVariant) throws {
        let store = try variant.open(at: path, initial: Ledger())
        try store.change(.append("milk"))
        try store.reset()
        try store.change(.append("tea"))
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == ["tea"])
    }

    @Test(arguments: DurableVariant.available)
    func destroyRemovesEveryFileItKept(_ variant: DurableVariant) throws {
        let store = try variant.open(at: path, initial: Ledger())
        try store.change(.append("milk"))
        try store.destroy()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == [])
    }

    @Test(arguments: DurableVariant.available)
    func twoStoresOnOneFileSeeEachOthersChanges(_ variant: DurableVariant) throws {
        let first = try variant.open(at: path, initial: Ledger())
        let second = try variant.open(at: path, initial: Ledger())
        try first.change(.append("milk"))
        try second.change(.append("eggs"))
        #expect(try first.state().entries == ["milk", "eggs"])
        #expect(try second.state().entries == ["milk", "eggs"])
    }

    @Test(arguments: DurableVariant.available)
    func aChangeMadeElsewhereIsCheckedAgainstTheLatestState(_ variant: DurableVariant) throws {
        let first = try variant.open(at: path, initial: Ledger())
        let second = try variant.open(at: path, initial: Ledger())
        try first.change(.append("milk"))
        #expect(throws: Ledger.Duplicate.self) { try second.change(.append("milk")) }
        #expect(try variant.open(at: path, initial: Ledger()).state().entries == ["milk"])
    }

    @Test(arguments: DurableVariant.available)
    func aResetMadeElsewhereIsSeen(_ variant: DurableVariant) throws {
        let first = try variant.open(at: path, initial: Ledger())
        let second = try variant.open(at: path, initial: Ledger())
        try first.change(.append("milk"))
        try second.reset()
        #expect(try first.state().entries == [])
    }

    /// A live view reads the state in steps (a coin's flips, then its answers): a change another
    /// program made between them is read by the second step, and must still be told, or the view
    /// never shows what the first step missed. The watching thread, finding nothing new after
    /// that read, would not tell it.
    @Test(.slow, arguments: DurableVariant.available)
    func aChangeMadeElsewhereThatAReadCaughtUpWithIsToldToTheObservers(_ variant: DurableVariant) throws {
        let watching = try variant.open(at: path, initial: Ledger())
        let other = try variant.open(at: path, initial: Ledger())
        let told = Counter()
        watching.updated { told.increment() }
        Thread.sleep(forTimeInterval: 0.3)  // the watching thread has looked once, and waits
        #expect(told.count == 0)

        try other.change(.append("milk"))
        #expect(try watching.state().entries == ["milk"])

        // Told by the read, or by the watching thread where it heard of the change first (a
        // PostgreSQL store's hears at once), which may tell a moment after the read returns.
        for _ in 0..<40 where told.count == 0 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(told.count == 1)
        _ = try watching.state()  // a read that finds nothing new tells nobody
        Thread.sleep(forTimeInterval: 0.3)  // nor does the watching thread, after it
        #expect(told.count == 1)
    }

    @Test func theSQLiteLogIsCopiedIntoTheDatabaseOnceItPassesItsLimit() throws {
        let store = try DurableVariant.sqlite.open(at: path, initial: Ledger())
        let entries = (0..<400).map { "entry \($0) " + String(repeating: "x", count: 400) }
        var sizes: [Int] = []
        for entry in entries {
            try store.change(.append(entry))
            sizes.append(try fileSize(path + "-wal"))
        }
        #expect(sizes.max() ?? 0 > 0)  // changes were kept in the log, not copied at once
        // Past its limit by one change at most, a rewritten snapshot among them: the next change
        // copies it first, then writes over it from its start, so that the file never shrinks.
        // (One change that took it past 512 KB would have it emptied at once.)
        #expect(sizes.max() ?? 0 <= 512 * 1024)
        #expect(sizes == sizes.sorted())
        #expect(try DurableVariant.sqlite.open(at: path, initial: Ledger()).state().entries == entries)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
