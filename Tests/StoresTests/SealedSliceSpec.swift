import Foundation
import Fractal
import StoreTestSupport
import Stores
import Testing

/// A line of text a slice keeps: easy to find among a store's bytes.
private struct Note: StoredState, Fresh {
    var text = ""

    init() {}

    init(_ text: String) { self.text = text }

    mutating func apply(_ change: String) throws { text = change }
}

/// Two slices, each a note.
private struct Notes: StoredState, Fresh {
    enum Change: Codable, Equatable, Sendable {
        case left(String)
        case right(String)
    }

    @Slice var left = Note()
    @Slice var right = Note()

    init() {}

    init(left: String, right: String) {
        self.left = Note(left)
        self.right = Note(right)
    }

    mutating func apply(_ change: Change) throws {
        switch change {
        case .left(let text): try _left.apply(text)
        case .right(let text): try _right.apply(text)
        }
    }

    mutating func replay(_ change: Change) throws {
        switch change {
        case .left(let text): try _left.replay(text)
        case .right(let text): try _right.replay(text)
        }
    }
}

/// Each slice of a stored snapshot is sealed by a checksum of its own, and the snapshot's
/// checksum leaves the slices' bodies out: opening a store checks every byte but those, and a
/// slice's bytes are checked when it is first read. Damage in a slice nobody reads is never
/// sealed anew: it is found by the first program that reads that slice, however many times the
/// snapshot was rewritten in between.
@Suite("Each slice sealed on its own")
struct SealedSliceSpec: DamagesAStoreFile {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder.inMemory()
        path = folder.path("store")
    }

    @Test(arguments: DurableVariant.files)
    func aDamagedSliceIsFoundWhenReadAndTheOtherStillReads(_ variant: DurableVariant) throws {
        try makeStore(variant)
        try damageTheRightSlice()
        let damaged = try bytes()

        let state = try variant.open(at: path, initial: Notes()).state()
        #expect(try state.$left.load().text == "the left slice, changed")
        let error = #expect(throws: UnreadableSlice.self) { try state.$right.load() }
        #expect(error?.reason.contains("its part \"right\" fails the checksum it was sealed with") == true)
        #expect(try bytes() == damaged, "reading changed the file")
    }

    @Test(arguments: DurableVariant.files)
    func damageInASliceNobodyReadOutlivesSnapshotRewrites(_ variant: DurableVariant) throws {
        try makeStore(variant)
        try damageTheRightSlice()

        do {
            let store = try variant.open(at: path, initial: Notes())
            for round in 0..<300 { try store.change(.left("the left slice, round \(round)")) }
        }
        #expect(try snapshotWasRewritten(variant))
        let state = try variant.open(at: path, initial: Notes()).state()
        #expect(try state.$left.load().text == "the left slice, round 299")
        #expect(throws: UnreadableSlice.self, "the damaged bytes were kept with their old seal") {
            try state.$right.load()
        }
    }

    /// A change to a damaged slice, which must read it first, is refused as the store's damage,
    /// naming the store, and kept nowhere; the other slice takes its changes.
    @Test(arguments: DurableVariant.files)
    func aChangeToADamagedSliceIsRefusedNamingTheStore(_ variant: DurableVariant) throws {
        try makeStore(variant)
        try damageTheRightSlice()
        let damaged = try bytes()

        let store = try variant.open(at: path, initial: Notes())
        let error = #expect(throws: StoreError.self) { try store.change(.right("written over")) }
        #expect(error?.description.contains(path) == true, "\(String(describing: error))")
        #expect(error?.description.contains("its part \"right\" fails the checksum") == true)
        #expect(try bytes() == damaged, "nothing was kept")
        try store.change(.left("the left slice, changed again"))
        #expect(try store.state().$left.load().text == "the left slice, changed again")
    }

    /// A change waiting for a damaged slice keeps the snapshot from being written anew: the other
    /// slice's changes are still kept, each saying so, naming the store, and nothing is lost.
    @Test(arguments: DurableVariant.files)
    func aDamagedSliceWithAChangeWaitingForItIsSaidAtEveryRewriteNamingTheStore(_ variant: DurableVariant) throws {
        try makeStore(variant)
        do { try variant.open(at: path, initial: Notes()).change(.right("waiting for the right slice")) }
        try damageTheRightSlice()

        let warnings = WarningLog()
        do {
            let store = try variant.open(at: path, initial: Notes(), warn: warnings.warn)
            for round in 0..<300 { try store.change(.left("the left slice, round \(round)")) }
        }
        // Once the changes outweigh the snapshot, every change tries to rewrite it, and says so.
        #expect(warnings.said.count > 150, "\(warnings.said.count) warnings")
        #expect(warnings.said.allSatisfy { $0.contains("the snapshot of \(path) cannot be rewritten") })
        #expect(try !snapshotWasRewritten(variant))
        let state = try variant.open(at: path, initial: Notes()).state()
        #expect(try state.$left.load().text == "the left slice, round 299")
        #expect(throws: UnreadableSlice.self) { try state.$right.load() }
    }

    @Test(arguments: DurableVariant.available)
    func aSliceReadAndChangedIsSealedAnewAndReadsBack(_ variant: DurableVariant) throws {
        do {
            let store = try variant.open(at: path, initial: Notes(left: "left", right: "right"))
            for round in 0..<300 { try store.change(.right("right, round \(round)")) }
        }
        let state = try variant.open(at: path, initial: Notes()).state()
        #expect(try state.$left.load().text == "left")
        #expect(try state.$right.load().text == "right, round 299")
        guard variant == .disk else { return }
        // The rewritten snapshot, the file's first record (after its header of 24 bytes and no
        // part kept apart: both slices are small), holds the right slice sealed: a byte flipped in
        // its text is found when it is read.
        var damaged = try bytes()
        let length = (24..<28).reduce(0) { $0 | Int(damaged[$1]) << (8 * ($1 - 24)) }
        let snapshotEnd = 37 + length  // after the header (24 bytes) and the record's head (13)
        let text = Array("right, round".utf8)
        let at = try #require((37..<snapshotEnd).first { damaged[$0...].starts(with: text) })
        damaged[at] ^= 0x20
        try write(damaged)
        let reread = try variant.open(at: path, initial: Notes()).state()
        #expect(throws: UnreadableSlice.self) { try reread.$right.load() }
    }

    /// Every byte of the store's file flipped in turn, and every slice read: the store or the
    /// slice says so, or reads exactly what was kept. Nothing reads another value in silence.
    @Test(.slow, arguments: DurableVariant.files)
    func everyFlippedByteIsFoundWhenItsPartIsRead(_ variant: DurableVariant) throws {
        let expected = try makeStore(variant)
        let original = try bytes()
        var silentlyDifferent: [String] = []
        var found = 0
        for offset in original.indices {
            var damaged = original
            damaged[offset] ^= 0xFF
            try write(damaged)
            defer { removeSideFiles() }
            let warnings = WarningLog()
            do {
                let state = try variant.open(at: path, initial: Notes(), warn: warnings.warn).state()
                let read = (try state.$left.load(), try state.$right.load())
                let said = warnings.said.contains { $0.contains(path) }
                if said && read == (Note("the left slice"), expected.right) {
                    found += 1  // the damaged last change left out, and said
                } else if read != (expected.left, expected.right) {
                    silentlyDifferent.append("byte \(offset): read \(read)")
                }
            } catch let error as StoreError {
                if error.description.contains(path) { found += 1 } else { silentlyDifferent.append("\(error)") }
            } catch is UnreadableSlice {
                found += 1
            }
        }
        #expect(silentlyDifferent.isEmpty, "\(silentlyDifferent.count): \(silentlyDifferent.prefix(8))")
        // Every byte of the disk store's file is covered by a checksum or a check; an SQLite
        // database has bytes of its own that no reading looks at (free space, unused headers).
        #expect(variant == .disk ? found == original.count : found > 0, "\(found) of \(original.count)")
    }

    /// A store whose snapshot holds both slices, with a change kept after it, closed; an SQLite
    /// one's log copied into its database, which then holds the whole store.
    @discardableResult
    private func makeStore(_ variant: DurableVariant) throws -> Notes {
        let store = try variant.open(
            at: path, initial: Notes(left: "the left slice", right: "THE RIGHT SLICE, SEALED"))
        try store.change(.left("the left slice, changed"))
        if variant == .sqlite { try copyLogIntoDatabase(at: path) }
        return try store.state()
    }

    /// Whether the snapshot was rewritten since the store was made: the disk file no longer holds
    /// the first of the changes, the database's snapshot row has a later number.
    private func snapshotWasRewritten(_ variant: DurableVariant) throws -> Bool {
        guard variant == .sqlite else {
            let now = try bytes()
            return !now.indices.contains { now[$0...].starts(with: Array("round 0".utf8)) }
        }
        return try sqliteInteger(at: path, "SELECT sequence FROM snapshot") > 0
    }

    /// Flips a byte in the middle of the right slice's text, inside the snapshot.
    private func damageTheRightSlice() throws {
        var damaged = try bytes()
        let marker = Array("RIGHT SLICE".utf8)
        let at = try #require(damaged.indices.first { damaged[$0...].starts(with: marker) })
        damaged[at + 3] ^= 0x20
        try write(damaged)
    }
}
