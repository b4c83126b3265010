import Foundation
import StoreTestSupport
import Testing

/// An undo or a redo is replayed by reading the whole undo history, which every program opening
/// the store after it would pay for until the next snapshot (about 0.3 s a program after an import
/// of 100,000 to-dos): the store takes it into a snapshot at once.
@Suite("an undo or a redo is taken into a snapshot at once")
struct UndoSnapshotProgramSpec {
    @Test(.slow, arguments: ["sqlite", "disk"])
    func anUndoAndARedoLeaveNoChangeToReplay(_ kind: String) throws {
        let store = try ImportedStore(kind)
        defer { store.remove() }
        #expect(try store.importing((1...50).map { "task number \($0)" }).status == 0)
        #expect(try store.todo(["add", "milk"]).status == 0)
        #expect(try changesToReplay(in: store) == 1, "a change waits in the log as usual")

        #expect(try store.todo(["undo"]).status == 0)
        #expect(try changesToReplay(in: store) == 0)
        #expect(try !store.todo(["list"]).stdout.contains("milk"))

        #expect(try store.todo(["redo"]).status == 0)
        #expect(try changesToReplay(in: store) == 0)
        #expect(try store.todo(["list"]).stdout.contains("milk"))
        #expect(try store.todo(["list"]).stdout.split(separator: "\n").count == 51)
    }

    /// An undo and its redo put back parts as they were: each snapshot they take names the rows
    /// that already hold them, byte for byte, rather than keeping copies, so undoing and redoing
    /// leaves the store no larger (an SQLite store of 3,000 to-dos grew by about 3 MB a turn).
    @Test(.slow) func undoingAndRedoingKeepNoCopyOfAPart() throws {
        let store = try ImportedStore("sqlite")
        defer { store.remove() }
        #expect(try store.importing((1...3_000).map { "task number \($0) +tag" }).status == 0)
        #expect(try store.todo(["add", "milk"]).status == 0)
        for _ in 1...3 {
            #expect(try store.todo(["undo"]).status == 0)
            #expect(try store.todo(["redo"]).status == 0)
        }
        let copies = "SELECT count(*) FROM parts AS a JOIN parts AS b ON a.id < b.id AND a.part = b.part"
        #expect(try sqliteInteger(at: store.path, copies) == 0)
        #expect(try store.todo(["list"]).stdout.split(separator: "\n").count == 3_001)
    }

    /// How many changes a program opening the store replays after its snapshot: the rows of the
    /// SQLite store's table of changes; the records after the disk store's snapshot record, which
    /// its header says where to find.
    private func changesToReplay(in store: ImportedStore) throws -> Int {
        if store.kind == "sqlite" { return Int(try sqliteInteger(at: store.path, "SELECT count(*) FROM changes")) }
        let bytes = try store.bytes()
        let integer = { (at: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        var at = integer(12, 8)  // the snapshot record
        var records = -1
        while at < bytes.count {
            at += 13 + integer(at, 4)
            records += 1
        }
        return records
    }
}
