import Essentials
import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// A tally as an earlier version of a program kept it: its number called `count`, a change `bump`.
/// The stores in `Tests/Fixtures/Migration` were written with it.
private struct EarlierTally: StoredState {
    enum Change: Codable, Equatable, Sendable {
        case bump(Int)
    }

    var count = 0

    mutating func apply(_ change: Change) {
        switch change {
        case .bump(let amount): count += amount
        }
    }
}

/// The same tally a version later, which renamed both: one migration.
private struct RenamedTally: StoredState {
    enum Change: Codable, Equatable, Sendable {
        case add(Int)
    }

    var total = 0

    mutating func apply(_ change: Change) {
        switch change {
        case .add(let amount): total += amount
        }
    }

    static var migrations: [Migration] {
        [
            Migration(
                "count renamed total, bump renamed add",
                state: { $0.rename("count", to: "total") },
                change: { $0.rename("bump", to: "add") })
        ]
    }
}

@Suite("Migrations of a stored state")
struct MigrationSpec {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Migration")

    /// A copy of the fixture store of `variant`, written by the earlier version: a snapshot with
    /// a count of 5, then the changes bump 2 and bump 3, 10 in all.
    private func earlierStore(_ variant: DurableVariant, in folder: TemporaryFolder) throws -> String {
        let path = folder.path("store")
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent("\(variant.rawValue).store").path, toPath: path)
        return path
    }

    @Test(arguments: DurableVariant.files)
    func aStoreWrittenBeforeARenameOpensRenamed(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder()
        let path = try earlierStore(variant, in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try variant.open(at: path, initial: RenamedTally()).state() == RenamedTally(total: 10))
        // Reading reshapes in memory only: the file stays as the earlier version wrote it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(arguments: DurableVariant.files)
    func theFirstChangeWritesTheStoreAnewAndTheStepRunsOnce(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder()
        let path = try earlierStore(variant, in: folder)
        try variant.open(at: path, initial: RenamedTally()).change(.add(1))
        #expect(try variant.open(at: path, initial: RenamedTally()).state() == RenamedTally(total: 11))
        // Now of the newest schema, a program that knows no migration refuses it, untouched.
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            _ = try variant.open(at: path, initial: EarlierTally())
        } throws: { error in
            guard case StoreError.newerFormat = error else { return false }
            return true
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == after)
    }

    @Test(.enabled(if: DurableVariant.postgresURL != nil, "set APPCORE_TEST_POSTGRES to a PostgreSQL server's URL"))
    func aPostgreSQLStoreIsReshapedByTheSameStepsAndWrittenAnewByItsFirstChange() throws {
        let (url, name) = (DurableVariant.postgresURL ?? "", "migration-\(UUID().uuidString)")
        let earlier = try createPostgresStore(url: url, name: name, initial: EarlierTally(count: 5))
        try earlier.change(.bump(2))
        try earlier.change(.bump(3))
        #expect(
            try createPostgresStore(url: url, name: name, initial: RenamedTally()).state() == RenamedTally(total: 10))
        try createPostgresStore(url: url, name: name, initial: RenamedTally()).change(.add(1))
        #expect(
            try createPostgresStore(url: url, name: name, initial: RenamedTally()).state() == RenamedTally(total: 11))
        #expect {
            _ = try createPostgresStore(url: url, name: name, initial: EarlierTally())
        } throws: { error in
            guard case StoreError.newerFormat = error else { return false }
            return true
        }
    }

    @Test func aStoreOfTheFirstFormatKeptAsJSONIsReshapedToo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store")
        let json = ValueCoding.makeEncoder()
        let file =
            try DiskFormat.magic + [1, 0, 0, 0]
            + DiskFormat.record(.snapshot, payload: Array(try json.encode(EarlierTally(count: 5))))
            + DiskFormat.record(.changes, payload: Array(try json.encode([EarlierTally.Change.bump(2)])))
        try Data(file).write(to: URL(fileURLWithPath: path))
        #expect(try createDiskStore(at: path, initial: RenamedTally()).state() == RenamedTally(total: 7))
        try createDiskStore(at: path, initial: RenamedTally()).change(.add(1))
        #expect(try createDiskStore(at: path, initial: RenamedTally()).state() == RenamedTally(total: 8))
    }

    @Test func aValueReadWithoutItsTypeIsReshapedInPlace() {
        var value = StoredValue.keyed([.init("count", .signed(5)), .init("name", .string("a"))])
        value.rename("count", to: "total")
        value["name"] = nil
        value["new"] = .bool(true)
        #expect(value == .keyed([.init("total", .signed(5)), .init("new", .bool(true))]))
        #expect(value["total"] == .signed(5))
        #expect(StoredValue.list([])["total"] == nil)
    }
}
