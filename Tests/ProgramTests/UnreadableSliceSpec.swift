import Foundation
import StoreTestSupport
import Testing

/// A program reads only the slice of the stored state that its command works on: a slice that
/// cannot be read stops the programs that need it, with an error naming the store, and no other.
@Suite("a slice of the store that cannot be read")
struct UnreadableSliceSpec {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Slices/unreadable-todos.store")

    /// Where the largest sealed value under the key `name` starts in a store's bytes: the key in
    /// the live snapshot, not in an earlier, emptier one that a page SQLite freed may still hold.
    static func largestSealed(_ name: String, in bytes: [UInt8]) -> Int? {
        let key = [UInt8(name.utf8.count)] + Array(name.utf8)
        var found = bytes.indices.dropLast(key.count + 5).filter { bytes[$0...].starts(with: key + [10]) }
        // Kept apart (SQLite): the key, then tag 11, the part's number and the head of the sealed
        // value it holds (length and checksum), which starts the part's row.
        for named in bytes.indices.dropLast(key.count + 16) where bytes[named...].starts(with: key + [11]) {
            let head = [10] + bytes[(named + key.count + 9)..<(named + key.count + 17)]
            if let part = bytes.indices.first(where: { bytes[$0...].starts(with: head) }) {
                found.append(part - key.count)
            }
        }
        let length = { (at: Int) in
            bytes[(at + key.count + 1)..<(at + key.count + 5)].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        return found.max { length($0) < length($1) }
    }

    /// Where the page of to-dos numbered `number` (from 1) is in `bytes`, a disk store's file or
    /// an SQLite store's snapshot: held in the list of pages, at a range of `bytes`; or kept apart,
    /// which the list names by a number (where it starts in the disk store's file; its row in the
    /// SQLite store's table of parts) and the length of the sealed value the part holds.
    static func page(_ number: Int, in bytes: [UInt8]) -> (held: Range<Int>?, apart: (number: Int, length: Int)?)? {
        guard let list = largestSealed("pages", in: bytes) else { return nil }
        let integer = { (at: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        // The key (6 bytes), the seal's head (9), the list's tag and length (5), its count (one
        // byte, under 128 pages), then the pages.
        var at = list + 6 + 9 + 5 + 1
        for _ in 1..<number {
            at += bytes[at] == 10 ? 9 + integer(at + 1, 4) : 17
        }
        if bytes[at] == 10 { return (at..<(at + 9 + integer(at + 1, 4)), nil) }
        return (nil, (integer(at + 1, 8), 9 + integer(at + 9, 4)))
    }

    /// Where the sealed part under the key `name` is in `bytes`, a disk store's file or an SQLite
    /// store's snapshot: held there, at a range; or kept apart, which the key names by a number
    /// and the length of the sealed value the part holds.
    static func part(_ name: String, in bytes: [UInt8]) -> (held: Range<Int>?, apart: (number: Int, length: Int)?)? {
        let key = [UInt8(name.utf8.count)] + Array(name.utf8)
        let integer = { (at: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        if let named = bytes.indices.dropLast(key.count + 16).last(where: { bytes[$0...].starts(with: key + [11]) }) {
            return (nil, (integer(named + key.count + 1, 8), 9 + integer(named + key.count + 9, 4)))
        }
        guard let held = largestSealed(name, in: bytes) else { return nil }
        return ((held + key.count)..<(held + key.count + 9 + integer(held + key.count + 1, 4)), nil)
    }

    /// Flips a bit at `offset` of the part under the key `name`: in the disk store's file, which
    /// holds each part whole; through SQL in the SQLite store's row that holds it.
    static func damage(part name: String, at offset: Int, of store: ImportedStore) throws {
        if store.kind == "disk" {
            var bytes = try store.bytes()
            let part = try #require(Self.part(name, in: bytes))
            bytes[(part.held?.lowerBound ?? part.apart?.number ?? 0) + offset] ^= 0x10
            try store.write(bytes)
            return
        }
        var snapshot = try sqliteBlob(at: store.path, "SELECT state FROM snapshot")
        let part = try #require(Self.part(name, in: snapshot))
        if let held = part.held {
            snapshot[held.lowerBound + offset] ^= 0x10
            try sqliteRun(at: store.path, "UPDATE snapshot SET state = ?", binding: snapshot)
        } else if let apart = part.apart {
            var row = try sqliteBlob(at: store.path, "SELECT part FROM parts WHERE id = \(apart.number)")
            row[offset] ^= 0x10
            try sqliteRun(at: store.path, "UPDATE parts SET part = ? WHERE id = \(apart.number)", binding: row)
        }
    }

    /// Flips a bit of the title `title` (followed by no digit) where page `number` of the to-dos
    /// holds it: in the disk store's file, which holds each part whole; through SQL in the SQLite
    /// store's row that holds it, as SQLite spreads a long value over pages of its own.
    static func damage(_ title: String, onPage number: Int, of store: ImportedStore) throws {
        let title = Array(title.utf8)
        func flip(_ bytes: inout [UInt8], in range: Range<Int>) throws {
            let at = try #require(
                range.first {
                    bytes[$0...].starts(with: title)
                        && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0 + title.count])
                })
            bytes[at + 5] ^= 0x01  // "task number" becomes "task oumber"
        }
        if store.kind == "disk" {
            var bytes = try store.bytes()
            let page = try #require(Self.page(number, in: bytes))
            try flip(&bytes, in: page.held ?? page.apart.map { $0.number..<($0.number + $0.length) } ?? 0..<0)
            try store.write(bytes)
            return
        }
        var snapshot = try sqliteBlob(at: store.path, "SELECT state FROM snapshot")
        let page = try #require(Self.page(number, in: snapshot))
        if let held = page.held {
            try flip(&snapshot, in: held)
            try sqliteRun(at: store.path, "UPDATE snapshot SET state = ?", binding: snapshot)
        } else if let apart = page.apart {
            var part = try sqliteBlob(at: store.path, "SELECT part FROM parts WHERE id = \(apart.number)")
            try flip(&part, in: part.indices)
            try sqliteRun(at: store.path, "UPDATE parts SET part = ? WHERE id = \(apart.number)", binding: part)
        }
    }

    /// A copy of a fixture (by default the one whose to-dos cannot be read) in a folder of its own.
    private func copy(_ fixture: URL = fixture) throws -> (folder: URL, store: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent(fixture.lastPathComponent)
        try FileManager.default.copyItem(at: fixture, to: store)
        return (folder, store.path)
    }

    @Test(arguments: [["list"], ["add", "milk"]])
    func aToDoCommandStopsWithAnErrorNamingTheStoreAndChangesNothing(_ words: [String]) throws {
        let (folder, store) = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: store))

        let run = try ProgramRun.of("todo", words + ["--store", "disk", "--data", store])

        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "Error: cannot read the store at \(store): a record does not hold what this program wrote "
                + "(no value for \"items\"). It was left untouched.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test func theCoinsBesideItFlipAndAreKept() throws {
        let (folder, store) = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }

        let flip = try ProgramRun.of("coin", ["flip", "-n", "2", "--store", "disk", "--data", store])
        let history = try ProgramRun.of("coin", ["history", "--json", "--store", "disk", "--data", store])

        #expect(flip.status == 0, "\(flip.stderr)")
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.components(separatedBy: "\"flips\"").count == 2, "one toss kept: \(history.stdout)")
        let list = try ProgramRun.of("todo", ["list", "--store", "disk", "--data", store])
        #expect(list.status == 65, "the to-dos are as unreadable as they were")
    }

    /// A byte flipped inside the to-dos of a store whose slices are sealed each on its own (the
    /// Format3 fixture, disk and SQLite): the to-do commands find it, the coins beside it flip.
    @Test(.slow, arguments: ["disk", "sqlite"])
    func aFlippedByteInTheSealedToDosStopsTheToDosAlone(_ kind: String) throws {
        let (folder, store) = try copy(
            Self.fixture.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Format3/\(kind).store"))
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store)))
        let title = Array("task number 40 ".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: title) })
        bytes[at + 5] ^= 0x01  // "task number" becomes "task oumber"
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        let run = { (program: String, words: [String]) in
            try ProgramRun.of(program, words + ["--store", kind, "--data", store])
        }

        let list = try run("todo", ["list"])
        #expect(list.status == 65)
        #expect(list.stdout.isEmpty)
        #expect(
            list.stderr
                == "Error: cannot read the store at \(store): a record does not hold what this program wrote "
                + "(its part \"todos\" fails the checksum it was sealed with). It was left untouched.\n")
        let tosses = { try run("coin", ["history", "--json"]).stdout.components(separatedBy: "\"flips\"").count - 1 }
        let before = try tosses()
        let flip = try run("coin", ["flip", "--seed", "1"])
        #expect(flip.status == 0, "\(flip.stderr)")
        #expect(try tosses() == before + 1, "the toss is kept beside the damaged to-dos")
        #expect(try run("todo", ["add", "milk"]).status == 65, "the to-dos are as unreadable as they were")
    }

    /// A store of 1,100 to-dos, "task number 1" on, in three pages, and the short ids `todo list`
    /// shows for one on the first page ("task number 40") and one on the second ("task number
    /// 1000"). A byte flipped in "task number 41" damages the first page alone (the journal and the
    /// undo history hold the title too).
    private static func twoPages(_ kind: String) throws -> (ImportedStore, onFirstPage: String, onSecondPage: String) {
        let store = try ImportedStore(kind)
        do {
            #expect(try store.importing((1...1_100).map { "task number \($0) +tag" }).status == 0)
            let shown = try store.todo(["list"]).stdout.split(separator: "\n")
            let id = { (title: String) in
                String(try #require(shown.first { $0.hasSuffix(" \(title)  +tag") }).prefix { $0 != " " })
            }
            return (store, try id("task number 40"), try id("task number 1000"))
        } catch {
            store.remove()
            throw error
        }
    }

    /// The to-dos are kept in pages of 512, each sealed on its own: a byte flipped in the first
    /// page stops the commands that read it, and no other to-do command. A change kept since the
    /// snapshot to a to-do on that page waits on it (see `TodoState.replay`), and the journal
    /// lines that say what it did wait for the page too: with one, `todo journal` stops as well;
    /// adding a to-do, or marking one on another page done, still reads neither.
    @Test(.slow, arguments: ["disk", "sqlite"], [false, true])
    func aFlippedByteInOnePageOfToDosStopsOnlyTheCommandsThatReadIt(_ kind: String, changeWaiting: Bool) throws {
        let (store, onFirstPage, onSecondPage) = try Self.twoPages(kind)
        defer { store.remove() }
        if changeWaiting { #expect(try store.todo(["done", onFirstPage]).status == 0) }
        try Self.damage("task number 41", onPage: 1, of: store)

        let add = try store.todo(["add", "milk"])
        let doneOnSecondPage = try store.todo(["done", onSecondPage])
        let doneOnFirstPage = try store.todo(["done", onFirstPage])
        let list = try store.todo(["list"])
        let journal = try store.todo(["journal"])

        #expect(add.status == 0, "a new to-do waits with the last page: \(add.stderr)")
        #expect(doneOnSecondPage.status == 0, "\(doneOnSecondPage.stderr)")
        let damage =
            "Error: cannot read the store at \(store.path): a record does not hold what this program wrote "
            + "(its part \"pages 1\" fails the checksum it was sealed with). It was left untouched.\n"
        for run in [doneOnFirstPage, list] + (changeWaiting ? [journal] : []) {
            #expect(run.status == 65)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == damage)
        }
        if !changeWaiting { #expect(journal.status == 0, "the journal holds its own lines: \(journal.stderr)") }
    }

    /// A flip adds to the coin's history without reading it: made while the history is damaged,
    /// it is kept, waiting for a read that says the damage. Clearing the history reads it first:
    /// it says the damage and changes nothing, rather than say a clear it could not make.
    @Test(.slow, arguments: ["disk", "sqlite"])
    func aDamagedCoinHistoryTakesAFlipAndIsNotSaidCleared(_ kind: String) throws {
        let store = try ImportedStore(kind)
        defer { store.remove() }
        for seed in 1...3 { #expect(try store.run("coin", ["flip", "-n", "5", "--seed", "\(seed)"]).status == 0) }
        try Self.damage(part: "coins", at: 12, of: store)

        let flip = try store.run("coin", ["flip", "--seed", "9"])
        let clear = try store.run("coin", ["history", "--clear", "--yes"])
        let history = try store.run("coin", ["history"])

        #expect(flip.status == 0, "\(flip.stderr)")
        let damage =
            "cannot read the store at \(store.path): a record does not hold what this program wrote "
            + "(its part \"coins\" fails the checksum it was sealed with). It was left untouched.\n"
        for run in [clear, history] {
            #expect(run.status == 65)
            #expect(run.stdout.isEmpty)
        }
        // Said as the damage itself, as every feature says it: not "the flips were not kept".
        #expect(clear.stderr == "Error: " + damage)
        #expect(history.stderr == "Error: " + damage)
    }

    /// A new to-do waits, unread, with the last page: added to a damaged last page, it is kept,
    /// and the rewrite of the snapshot that would read the page is left undone, with a warning;
    /// every program that writes goes on, and `todo list` finds the damage.
    @Test(.slow, arguments: ["disk", "sqlite"])
    func toDosAddedToADamagedLastPageAreKeptAndTheSnapshotWaits(_ kind: String) throws {
        let store = try ImportedStore(kind)
        defer { store.remove() }
        #expect(try store.importing((1...1_100).map { "task number \($0)" }).status == 0)
        try Self.damage("task number 1050", onPage: 3, of: store)  // the third page, the last

        let add = try store.todo(["add", "milk"])
        // Duplicates asked for: an import that looks for them reads every page, the damaged one too.
        let imported = try store.importing((1...400).map { "more \($0)" }, "--allow-duplicates")
        let flip = try store.run("coin", ["flip", "--seed", "1"])
        let list = try store.todo(["list"])

        #expect(add.status == 0, "\(add.stderr)")
        for write in [imported, flip] {
            #expect(write.status == 0, "\(write.stderr)")
            #expect(!write.stdout.isEmpty)
            #expect(write.stderr.hasPrefix("Warning: the change was kept, but the snapshot of "), "\(write.stderr)")
        }
        #expect(list.status == 65)
        #expect(list.stderr.contains("its part \"pages 3\" fails the checksum it was sealed with"), "\(list.stderr)")
        #expect(try store.run("coin", ["history", "--json"]).stdout.contains("\"flips\""), "the flip is kept")
    }

    /// A new to-do's id is drawn as the change is made, so the run of the index it goes in is read
    /// then: a damaged one stops `todo add` with the store's own error, naming it, and nothing is
    /// kept. (With 600 to-dos there is one run, which every new id goes in.)
    @Test(.slow, arguments: ["disk", "sqlite"])
    func aToDoAddedToADamagedRunOfTheIndexIsRefusedNamingTheStore(_ kind: String) throws {
        let store = try ImportedStore(kind)
        defer { store.remove() }
        #expect(try store.importing((1...600).map { "task number \($0)" }).status == 0)
        // The SQLite store's log copied in, so that its database file alone holds the run.
        if kind == "sqlite" { try copyLogIntoDatabase(at: store.path) }
        var bytes = try store.bytes()
        let runs = try #require(Self.largestSealed("runs", in: bytes))
        bytes[runs + 200] ^= 0x5A  // inside the one run's ids
        try store.write(bytes)

        let add = try store.todo(["add", "milk"])

        #expect(add.status == 65)
        #expect(add.stdout.isEmpty)
        #expect(
            add.stderr
                == "Error: cannot read the store at \(store.path): a record does not hold what this program wrote "
                + "(its part \"runs 1\" fails the checksum it was sealed with). It was left untouched.\n")
        #expect(try store.bytes() == bytes)
    }

    /// The undo history is read by the commands that go back over it: damaged, it stops `todo
    /// undo` with the store's error, naming it, and nothing is written; `todo list`, which does not
    /// read it, works. (An undo is taken into a snapshot at once, so no program replays one as it
    /// opens the store.)
    @Test(.slow, arguments: ["disk", "sqlite"])
    func anUndoOverADamagedUndoHistoryIsTheStoresError(_ kind: String) throws {
        let store = try ImportedStore(kind)
        defer { store.remove() }
        #expect(try store.importing((1...600).map { "task number \($0)" }).status == 0)
        let shown = try store.todo(["list"]).stdout.split(separator: "\n").prefix(3).map {
            String($0.prefix { $0 != " " })
        }
        #expect(try store.todo(["delete"] + shown).status == 0)
        try Self.damage(part: "undoable", at: 200, of: store)  // inside the import kept for undo
        let bytes = try store.bytes()

        let undo = try store.todo(["undo"])

        #expect(undo.status == 65)
        #expect(undo.stdout.isEmpty)
        #expect(
            undo.stderr
                == "Error: cannot read the store at \(store.path): a record does not hold what this program wrote "
                + "(its part \"undoable\" fails the checksum it was sealed with). It was left untouched.\n")
        #expect(try store.bytes() == bytes)
        let list = try store.todo(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 597)
    }

    @Test func aRecordedRunStopsBeforeItStartsAndRecordsNothing() throws {
        let (folder, store) = try copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("run.scenario").path
        let before = try Data(contentsOf: URL(fileURLWithPath: store))

        let run = try ProgramRun.of("coin", ["flip", "--store", "disk", "--data", store, "--record", record])

        #expect(run.status == 65, "a recording starts from the whole state, the to-dos too")
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "Error: cannot read the store at \(store): a record does not hold what this program wrote "
                + "(no value for \"items\"). It was left untouched.\n")
        #expect(!FileManager.default.fileExists(atPath: record))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test func aJournalThatCannotBeReadStopsOnlyTheJournal() throws {
        let (folder, store) = try copy(
            Self.fixture.deletingLastPathComponent().appendingPathComponent("unreadable-journal.store"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let todo = { (words: [String]) in
            try ProgramRun.of("todo", words + ["--store", "disk", "--data", store, "--now", "2026-11-22T12:00:00Z"])
        }

        let list = try todo(["list"])
        let add = try todo(["add", "milk"])
        let undo = try todo(["undo"])
        let journal = try todo(["journal"])

        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 80)
        #expect(add.status == 0, "a change adds to the journal without reading it: \(add.stderr)")
        #expect(undo.stdout == "Undid: add \"milk\"\n", "the undo history reads: \(undo.stderr)")
        #expect(journal.status == 65)
        #expect(journal.stdout.isEmpty)
        #expect(
            journal.stderr
                == "Error: cannot read the store at \(store): a record does not hold what this program wrote "
                + "(\"importex\" is not a Action). It was left untouched.\n")
        #expect(try todo(["list"]).stdout == list.stdout, "the to-dos are as they were before the add and its undo")
    }
}
