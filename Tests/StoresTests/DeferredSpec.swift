import Foundation
import Fractal
import StoreTestSupport
import Stores
import Synchronization
import Testing

/// A count kept beside a log that most changes add to and few read: the log is `Deferred`, and
/// every time it is made from its stored notes is counted.
private struct Notebook: StoredState, Fresh {
    static let logsMade = Mutex(0)

    enum Change: Codable, Equatable, Sendable {
        case count
        case write(String)
        case eraseLast
    }

    private(set) var count = 0
    private var kept = Deferred<[LogLine]>([])
    var log: [LogLine] { kept.value }

    init() {}

    mutating func apply(_ change: Change) throws {
        switch change {
        case .count: count += 1
        case .write(let text): kept.edit(AppendingLine(line: LogLine(text)))
        case .eraseLast: _ = kept.value.popLast()
        }
    }

    private enum CodingKeys: String, CodingKey { case count, log }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        kept = try container.decodeDeferredFieldList(of: LogLine.self, forKey: .log, from: decoder, empty: []) {
            lines in
            Self.logsMade.withLock { $0 += 1 }
            return lines
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encodeDeferredFieldList(kept, forKey: .log, to: encoder) { $0 }
    }
}

private func logsMade() -> Int { Notebook.logsMade.withLock { $0 } }

/// A part of a state read from a store when it is first used: edits before that wait, and a part
/// nobody touched is written back as it was. Serialized, as the reads are counted suite-wide.
@Suite("A deferred part of a stored state", .serialized)
struct DeferredSpec {
    @Test(arguments: DurableVariant.available)
    func addingToAPartDoesNotReadIt(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder.inMemory()
        let first = try variant.open(at: folder.path("store"), initial: Notebook())
        try first.change(.write("one"))
        try first.change(.write("two"))

        let before = logsMade()
        let second = try variant.open(at: folder.path("store"), initial: Notebook())
        try second.change(.write("three"))
        try second.change(.count)
        #expect(logsMade() == before, "opening and adding to the log read none of it")
        #expect(try second.state().log == [LogLine("one"), LogLine("two"), LogLine("three")])
        #expect(logsMade() == before + 1, "reading it made it once, with the note added before")
        try second.change(.eraseLast)
        #expect(try second.state().log == [LogLine("one"), LogLine("two")])
        #expect(try second.state().count == 1)
    }

    @Test(.slow, arguments: DurableVariant.available)
    func aPartNobodyTouchedOutlivesSnapshotRewritesUnread(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder.inMemory()
        let first = try variant.open(at: folder.path("store"), initial: Notebook())
        for index in 0..<50 { try first.change(.write("note \(index)")) }
        for _ in 0..<600 { try first.change(.count) }  // the snapshot is rewritten on the way

        let before = logsMade()
        let second = try variant.open(at: folder.path("store"), initial: Notebook())
        for _ in 0..<600 { try second.change(.count) }
        #expect(logsMade() == before, "600 counts and their snapshot rewrites did not read the log")

        let third = try variant.open(at: folder.path("store"), initial: Notebook())
        #expect(try third.state().log.count == 50)
        #expect(try third.state().log.last == LogLine("note 49"))
        #expect(try third.state().count == 1_200)
    }

    @Test func editsToCopiesStayApart() throws {
        let folder = try TemporaryFolder.inMemory()
        let store = try createDiskStore(at: folder.path("store"), initial: Notebook())
        try store.change(.write("kept"))
        let read = try createDiskStore(at: folder.path("store"), initial: Notebook()).state()

        var one = read
        var other = read
        try one.apply(.write("one"))
        try other.apply(.write("other"))
        #expect(one.log == [LogLine("kept"), LogLine("one")])
        #expect(other.log == [LogLine("kept"), LogLine("other")])
        #expect(read.log == [LogLine("kept")], "the state they were copied from is as it was")
        #expect(one != other)
    }
}
