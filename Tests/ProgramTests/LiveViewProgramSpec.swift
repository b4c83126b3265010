import Foundation
import Testing

/// Live views: a program left watching shows what other programs change, on every durable store,
/// until it is interrupted, and then exits with status 0.
@Suite("Live views")
struct LiveViewProgramSpec {
    /// The durable stores: PostgreSQL where `APPCORE_TEST_POSTGRES` names a test server.
    static let stores = ["sqlite", "disk"] + (PostgresTestServer.url == nil ? [] : ["postgres"])

    @Test(arguments: stores)
    func todoListWatchShowsATodoAddedByAnotherProgram(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let watcher = try Watcher("todo", ["list", "--watch"], environment: place.environment)
        let first = watcher.read(until: "Nothing to do.")
        #expect(try place.todo("add", "buy milk").status == 0)
        let printed = watcher.read(until: "buy milk", after: first)
        #expect(watcher.stop(with: SIGINT) == 0)
        #expect(printed.hasPrefix("Nothing to do.\n"))
        #expect(printed.contains("[ ] buy milk"))
    }

    @Test(arguments: stores)
    func diceHistoryWatchPrintsEachNewRoll(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        _ = try ProgramRun.of("dice", ["roll", "1d4"], environment: place.environment)
        let watcher = try Watcher("dice", ["history", "--watch"], environment: place.environment)
        let first = watcher.read(until: "1d4")
        #expect(try ProgramRun.of("dice", ["roll", "3d6"], environment: place.environment).status == 0)
        let printed = watcher.read(until: "3d6", after: first)
        #expect(watcher.stop(with: SIGTERM) == 0)
        // The roll before is printed once, the new one after it.
        #expect(printed.components(separatedBy: "1d4").count == 2)
        #expect(printed.split(separator: "\n").last?.contains("3d6") == true)
    }

    @Test(arguments: stores)
    func coinHistoryWatchPrintsEachNewFlip(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let watcher = try Watcher("coin", ["history", "--watch"], environment: place.environment)
        #expect(try ProgramRun.of("coin", ["flip", "-n", "7"], environment: place.environment).status == 0)
        let printed = watcher.read(until: "flip")
        #expect(watcher.stop(with: SIGINT) == 0)
        #expect(printed.split(separator: "\n").count == 1)
    }

    @Test func watchingAskedWithJSONIsAUsageError() throws {
        let run = try ProgramRun.of("dice", ["history", "--watch", "--json"], environment: ["APPCORE_STORE": "memory"])
        #expect(run.status == 64)
    }
}
