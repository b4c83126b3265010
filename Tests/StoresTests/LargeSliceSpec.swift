import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

/// A line of text a slice keeps.
private struct Text: StoredState, Fresh {
    var text = ""

    init() {}

    init(_ text: String) { self.text = text }

    mutating func apply(_ change: String) throws { text += change }
}

/// A large slice first, a small one after it.
private struct Shelf: StoredState, Fresh {
    enum Change: Codable, Equatable, Sendable {
        case large(String)
        case small(String)
    }

    @Slice var large = Text()
    @Slice var small = Text()

    init() {}

    init(large: String, small: String) {
        self.large = Text(large)
        self.small = Text(small)
    }

    mutating func apply(_ change: Change) throws {
        switch change {
        case .large(let text): try _large.apply(text)
        case .small(let text): try _small.apply(text)
        }
    }

    mutating func replay(_ change: Change) throws {
        switch change {
        case .large(let text): try _large.replay(text)
        case .small(let text): try _small.replay(text)
        }
    }
}

/// A count beside a log kept as a deferred list: a part of the state, sealed, that is not a slice.
private struct Logbook: StoredState, Fresh {
    enum Change: Codable, Equatable, Sendable {
        case count
        case write(String)
    }

    private(set) var count = 0
    private var kept = Deferred<[LogLine]>([])

    init() {}

    func lines() throws -> [String] { try kept.load().map(\.text) }

    mutating func apply(_ change: Change) throws {
        switch change {
        case .count: count += 1
        case .write(let text): kept.edit(AppendingLine(line: LogLine(text)))
        }
    }

    private enum CodingKeys: String, CodingKey { case count, log }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        kept = try container.decodeDeferredFieldList(of: LogLine.self, forKey: .log, from: decoder, empty: []) { $0 }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encodeDeferredFieldList(kept, forKey: .log, to: encoder) { $0 }
    }
}

/// An SQLite store keeps a slice of 16 KB or more apart from its snapshot, in a row of its own,
/// and reads it when a command first uses it: a program that works on another slice never reads
/// it. Whatever the store, a large slice reads as what was kept; in the SQLite store, a state
/// reads its parts through the next snapshot another program writes, and one whose part is gone
/// since is refused, never read as another.
@Suite("A large slice is read when first used")
struct LargeSliceSpec: DamagesAStoreFile {
    static let largeText = "THE LARGE SLICE " + String(repeating: "0123456789abcdef", count: 70_000)
    /// What each of 400 changes to the small slice adds: together more than a sixteenth of the
    /// snapshot, so that they have it rewritten.
    static let padding = String(repeating: "s", count: 300)

    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder.inMemory()
        path = folder.path("store")
    }

    @Test(arguments: DurableVariant.available)
    func aLargeSliceReadsAsKeptWithTheChangesKeptSince(_ variant: DurableVariant) throws {
        try makeStore(variant)

        let state = try variant.open(at: path, initial: Shelf()).state()
        #expect(try state.$small.load().text == "small, changed")
        #expect(Self.isLargeText(try state.$large.load().text, endingWith: ", changed"))
    }

    @Test(arguments: DurableVariant.available)
    func aLargeSliceNobodyReadOutlivesSnapshotRewrites(_ variant: DurableVariant) throws {
        try makeStore(variant)
        do {
            let store = try variant.open(at: path, initial: Shelf())
            for round in 0..<400 { try store.change(.small(" \(round) " + Self.padding)) }
        }
        if variant == .sqlite { #expect(try sqliteInteger(at: path, "SELECT sequence FROM snapshot") > 2) }

        let state = try variant.open(at: path, initial: Shelf()).state()
        #expect(Self.isLargeText(try state.$large.load().text, endingWith: ", changed"))
        #expect(try state.$small.load().text.hasSuffix(" 399 " + Self.padding))
    }

    /// A state read before another program changed the large slice and rewrote the snapshot still
    /// reads the slice as it read it: the part it names is kept with the next snapshot.
    @Test func aStateReadBeforeAnotherProgramRewroteTheSnapshotReadsItsLargeSliceAsItWas() throws {
        try makeStore(.sqlite)
        try changeTheSmallSliceUntilTheSnapshotIsRewritten()  // the large slice now kept apart
        let reader = try createSQLiteStore(at: path, initial: Shelf())
        let before = try reader.state()
        try rewriteTheSnapshot(addingToTheLargeSlice: ", again")

        #expect(Self.isLargeText(try before.$large.load().text, endingWith: ", changed"))
        #expect(Self.isLargeText(try reader.state().$large.load().text, endingWith: ", changed, again"))
    }

    /// A state read before another program rewrote the snapshot twice over, changing the large
    /// slice, by programs that keep a part no snapshot names no time at all, holds the slice as a
    /// promise the database can no longer keep: reading it says so. The store itself reads on,
    /// from the new snapshot.
    @Test func aStateReadBeforeItsPartWasRetiredAndDeletedRefusesItsLargeSlice() throws {
        try makeStore(.sqlite)
        let reader = try createSQLiteStore(at: path, initial: Shelf())
        let before = try reader.state()
        try rewriteTheSnapshot(addingToTheLargeSlice: ", again", retiredPartsKept: 0)
        try changeTheSmallSliceUntilTheSnapshotIsRewritten(retiredPartsKept: 0)

        let error = #expect(throws: UnreadableSlice.self) { _ = try before.$large.load().text.count }
        #expect(error?.reason.contains("another program rewrote its snapshot") == true, "\(String(describing: error))")
        #expect(Self.isLargeText(try reader.state().$large.load().text, endingWith: ", changed, again"))
        #expect(try before.$small.load().text == "small, changed", "the small slice was read with the snapshot")
    }

    /// A part no snapshot names is kept for programs still reading an earlier snapshot, then
    /// deleted by the first snapshot written once it has been kept long enough.
    @Test func aPartNoSnapshotNamesIsKeptAWhileThenDeleted() throws {
        try makeStore(.sqlite)
        try rewriteTheSnapshot(addingToTheLargeSlice: ", again")
        try rewriteTheSnapshot(addingToTheLargeSlice: ", and again")
        #expect(try sqliteInteger(at: path, "SELECT count(*) FROM parts") >= 3, "as made, changed, changed again")
        #expect(try sqliteInteger(at: path, "SELECT count(*) FROM retired_parts") >= 1, "as made")
        #expect(
            try sqliteInteger(at: path, "SELECT count(*) FROM retired_parts WHERE id NOT IN (SELECT id FROM parts)")
                == 0)

        try changeTheSmallSliceUntilTheSnapshotIsRewritten(retiredPartsKept: 0)
        #expect(try sqliteInteger(at: path, "SELECT count(*) FROM retired_parts") == 0)
        #expect(
            try sqliteInteger(at: path, "SELECT count(*) FROM parts") <= 4,
            "each slice as the last two snapshots name it")
        #expect(
            Self.isLargeText(
                try createSQLiteStore(at: path, initial: Shelf()).state().$large.load().text,
                endingWith: ", changed, again, and again"))
    }

    /// A state read from one store, its large slice kept apart there and never read, made the
    /// first state of another store: the new store keeps the slice's bytes of its own, and reads
    /// them once the first store is gone.
    @Test(arguments: DurableVariant.files)
    func aStateReadFromOneStoreMakesAnotherThatKeepsItsOwnCopyOfTheParts(_ variant: DurableVariant) throws {
        try makeStore(.sqlite)
        try changeTheSmallSliceUntilTheSnapshotIsRewritten()  // the large slice unchanged since
        let state = try createSQLiteStore(at: path, initial: Shelf()).state()
        let other = folder.path("other")
        _ = try variant.open(at: other, initial: state)
        for suffix in ["", "-wal", "-shm", "-mark"] { try? FileManager.default.removeItem(atPath: path + suffix) }

        let copied = try variant.open(at: other, initial: Shelf()).state()
        #expect(Self.isLargeText(try copied.$large.load().text, endingWith: ", changed"))
    }

    /// A program that changed the large slice and goes on writing, its snapshot rewritten again
    /// and again, keeps the slice once for each time it changed it: a snapshot names again what
    /// nothing changed since, rather than keeping a copy of it.
    @Test func aProgramWritingOnKeepsNoCopyOfAPartNothingChangedSince() throws {
        try makeStore(.sqlite)
        let writer = try createSQLiteStore(at: path, initial: Shelf())
        try writer.change(.large(", once more"))
        let before = try sqliteInteger(at: path, "SELECT sequence FROM snapshot")
        for round in 0..<1_200 { try writer.change(.small(" \(round) " + Self.padding)) }
        #expect(
            try sqliteInteger(at: path, "SELECT sequence FROM snapshot") > before + 400, "rewritten again and again")

        let copies = "SELECT count(*) FROM parts AS a JOIN parts AS b ON a.id < b.id AND a.part = b.part"
        #expect(try sqliteInteger(at: path, copies) == 0)
        #expect(Self.isLargeText(try writer.state().$large.load().text, endingWith: ", changed, once more"))
    }

    /// Once read, a large slice no longer depends on the snapshot it came from.
    @Test func aLargeSliceReadBeforeAnotherProgramRewroteTheSnapshotStaysRead() throws {
        try makeStore(.sqlite)
        let before = try createSQLiteStore(at: path, initial: Shelf()).state()
        _ = try before.$large.load()
        try rewriteTheSnapshot(addingToTheLargeSlice: ", again")
        #expect(Self.isLargeText(try before.$large.load().text, endingWith: ", changed"))
    }

    /// A snapshot rewritten by another program with the large slice as it was still names the
    /// part a state read before names.
    @Test func aLargeSliceKeptApartReadsAfterARewriteThatKeptIt() throws {
        try makeStore(.sqlite)
        try changeTheSmallSliceUntilTheSnapshotIsRewritten()  // now holding the large slice's change
        let before = try createSQLiteStore(at: path, initial: Shelf()).state()
        try changeTheSmallSliceUntilTheSnapshotIsRewritten()
        #expect(Self.isLargeText(try before.$large.load().text, endingWith: ", changed"))
    }

    /// A part whose row holds another sealed value is refused as damage, as is one whose row is
    /// gone while the snapshot still names it: no other program took it away.
    @Test func aLargeSliceKeptApartIsRefusedWhenItsRowIsGoneOrHoldsAnotherPart() throws {
        try makeStore(.sqlite)
        #expect(try sqliteInteger(at: path, "SELECT count(*) FROM parts") == 1, "the large slice is kept apart")
        let before = try createSQLiteStore(at: path, initial: Shelf()).state()
        let other = try createSQLiteStore(at: path, initial: Shelf()).state()
        _ = try sqliteInteger(at: path, "UPDATE parts SET part = substr(part, 1, 100000) RETURNING 1")

        let damaged = #expect(throws: UnreadableSlice.self) { _ = try other.$large.load().text.count }
        #expect(damaged?.reason.contains("is not the one its snapshot names") == true, "\(String(describing: damaged))")
        _ = try sqliteInteger(at: path, "DELETE FROM parts RETURNING 1")
        let gone = #expect(throws: UnreadableSlice.self) { _ = try before.$large.load().text.count }
        #expect(gone?.reason.contains("which its snapshot names, is missing") == true, "\(String(describing: gone))")
    }

    /// A file put in the store's place while a state had its large slice kept apart (a copy
    /// restored by a rename, the same bytes) is not read from: the slice is refused.
    @Test func aLargeSliceKeptApartIsRefusedWhenTheFileWasReplaced() throws {
        try makeStore(.sqlite)
        let reader = try createSQLiteStore(at: path, initial: Shelf())
        let before = try reader.state()
        try FileManager.default.copyItem(atPath: path, toPath: folder.path("copy"))
        try #require(rename(folder.path("copy"), path) == 0)

        let error = #expect(throws: UnreadableSlice.self) { _ = try before.$large.load().text.count }
        #expect(error?.reason.contains("another program replaced its file") == true, "\(String(describing: error))")
        withExtendedLifetime(reader) {}
    }

    /// A state a program reads again after another program rewrote the snapshot reads the large
    /// slice of the new snapshot, through the next rewrite too.
    @Test func aStateReadAgainAfterARewriteReadsItsLargeSliceThroughTheNextRewrite() throws {
        try makeStore(.sqlite)
        let reader = try createSQLiteStore(at: path, initial: Shelf())
        _ = try reader.state()
        try rewriteTheSnapshot(addingToTheLargeSlice: ", again")
        let after = try reader.state()
        try rewriteTheSnapshot(addingToTheLargeSlice: ", and again")

        #expect(Self.isLargeText(try after.$large.load().text, endingWith: ", changed, again"))
        #expect(Self.isLargeText(try reader.state().$large.load().text, endingWith: ", changed, again, and again"))
    }

    /// A large sealed part of a state that is not a slice (a deferred list, read by its own
    /// reader) is read with the snapshot, and stays whole through reopening and rewrites.
    @Test func aLargePartThatIsNotASliceIsReadWithTheSnapshot() throws {
        let lines = (0..<20).map { "line \($0) " + String(repeating: "x", count: 60_000) }
        do {
            let store = try createSQLiteStore(at: path, initial: Logbook())
            for line in lines { try store.change(.write(line)) }
        }
        do {
            let store = try createSQLiteStore(at: path, initial: Logbook())
            #expect(try store.state().count == 0)
            for _ in 0..<300 { try store.change(.count) }
        }
        let state = try createSQLiteStore(at: path, initial: Logbook()).state()
        #expect(state.count == 300)
        #expect(try state.lines() == lines)
    }

    @Test(arguments: DurableVariant.files)
    func aFlippedByteInTheLargeSliceIsFoundWhenItIsReadAndTheSmallOneStillReads(_ variant: DurableVariant) throws {
        try makeStore(variant)
        var damaged = try bytes()
        let marker = Array("THE LARGE SLICE".utf8)
        let start = try #require(damaged.indices.first { damaged[$0...].starts(with: marker) })
        // Well inside the text, in a run of it whole on one page of the file.
        let run = Array("0123456789abcdef".utf8)
        let at = try #require((start + 5_000..<damaged.count).first { damaged[$0...].starts(with: run) })
        damaged[at + 8] ^= 0x01
        try write(damaged)

        let state = try variant.open(at: path, initial: Shelf()).state()
        #expect(try state.$small.load().text == "small, changed")
        let error = #expect(throws: UnreadableSlice.self) { try state.$large.load() }
        #expect(error?.reason.contains("its part \"large\" fails the checksum it was sealed with") == true)
        #expect(try bytes() == damaged, "reading changed the file")
    }

    /// Bytes flipped across the database, one at a time: every 997th of them, and every 13th of
    /// the first three pages (the database's header and tables, the snapshot's head) and the last
    /// two (the snapshot's tail, after the large slice). The store or the slice says so, or reads
    /// exactly what was kept. Nothing reads another value in silence.
    @Test(.slow) func flippedBytesAcrossTheDatabaseAreFoundWhenTheirPartIsRead() throws {
        try makeStore(.sqlite)
        let original = try bytes()
        let page = 4096
        let offsets = Set(
            Array(stride(from: 0, to: original.count, by: 997)) + Array(stride(from: 0, to: 3 * page, by: 13))
                + Array(stride(from: original.count - 2 * page, to: original.count, by: 13))
        ).sorted()
        var silentlyDifferent: [String] = []
        var found = 0
        for offset in offsets {
            var damaged = original
            damaged[offset] ^= 0xFF
            try write(damaged)
            defer { removeSideFiles() }
            do {
                let state = try createSQLiteStore(at: path, initial: Shelf()).state()
                let read = (try state.$large.load().text, try state.$small.load().text)
                if !Self.isLargeText(read.0, endingWith: ", changed") || read.1 != "small, changed" {
                    silentlyDifferent.append("byte \(offset): read \(read.0.prefix(20))…, \(read.1)")
                }
            } catch let error as StoreError {
                if error.description.contains(path) { found += 1 } else { silentlyDifferent.append("\(error)") }
            } catch is UnreadableSlice {
                found += 1
            }
        }
        #expect(silentlyDifferent.isEmpty, "\(silentlyDifferent.count): \(silentlyDifferent.prefix(8))")
        #expect(found > offsets.count / 2, "\(found) of \(offsets.count)")
    }

    /// Another program adds `text` to the large slice, then changes the small one until the
    /// snapshot is rewritten.
    private func rewriteTheSnapshot(addingToTheLargeSlice text: String, retiredPartsKept: Int64? = nil) throws {
        try createSQLiteStore(at: path, initial: Shelf()).change(.large(text))
        try changeTheSmallSliceUntilTheSnapshotIsRewritten(retiredPartsKept: retiredPartsKept)
    }

    /// Another program changes the small slice until the snapshot is rewritten.
    private func changeTheSmallSliceUntilTheSnapshotIsRewritten(retiredPartsKept: Int64? = nil) throws {
        let writer = try createSQLiteStore(at: path, initial: Shelf(), retiredPartsKept: retiredPartsKept)
        let before = try sqliteInteger(at: path, "SELECT sequence FROM snapshot")
        for round in 0..<400 { try writer.change(.small(" \(round) " + Self.padding)) }
        #expect(try sqliteInteger(at: path, "SELECT sequence FROM snapshot") > before)
    }

    /// Whether `text` is the large slice's text with `ending` added, compared without printing a
    /// megabyte when it is not.
    private static func isLargeText(_ text: String, endingWith ending: String) -> Bool {
        text == largeText + ending
    }

    /// A store whose snapshot holds both slices, with a change to each kept after it, closed.
    private func makeStore(_ variant: DurableVariant) throws {
        let store = try variant.open(at: path, initial: Shelf(large: Self.largeText, small: "small"))
        try store.change(.small(", changed"))
        try store.change(.large(", changed"))
    }
}
