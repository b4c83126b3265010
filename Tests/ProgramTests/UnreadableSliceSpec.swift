import Foundation
import Testing

/// A program reads only the slice of the stored state that its command works on: a slice that
/// cannot be read stops the programs that need it, with an error naming the store, and no other.
@Suite("a slice of the store that cannot be read")
struct UnreadableSliceSpec {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Slices/unreadable-todos.store")

    /// A copy of the fixture in a folder of its own.
    private func copy() throws -> (folder: URL, store: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("unreadable-todos.store")
        try FileManager.default.copyItem(at: Self.fixture, to: store)
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
}
