import Foundation
import StoreTestSupport
import Testing

/// Stores written by earlier versions open in this one and read back the same.
///
/// `Tests/Fixtures/Format2` holds a disk and an SQLite store made by the programs of format 2
/// (see `make-stores` there): to-dos added, done, forked, edited, deleted and the delete undone;
/// flips, an 8-Ball answer and rolls. Beside each is the transcript of what those programs printed
/// for it. A copy of each store is opened here and must print the same, every run, for ever.
/// `Tests/Fixtures/Format3` holds the same after eighty imported to-dos, in the stores that seal
/// each slice of their snapshot on its own: disk format 3, SQLite 4, PostgreSQL 2.
/// `Tests/Fixtures/Format4` holds the same after 530, in the stores that keep the to-dos in pages
/// sealed one by one, with an index: disk format 4, SQLite 5, PostgreSQL 3.
/// `Tests/Fixtures/Attributes1` holds to-dos with a project, a due time, wait, scheduled, until, a
/// start and time spent, in their snapshot and in the changes and undo history after it;
/// `Tests/Fixtures/Attributes2` to-dos with a recurrence, dependencies and annotations, so, and a
/// recurring to-do done, with the next one it made, in the history. `Tests/Fixtures/Identity1`
/// holds the same in the SQLite store as a program leaves it since the store keeps its log
/// between programs: the database with its identity, the log holding the changes since it last
/// started over, and the mark beside them. `Tests/Fixtures/Parts1` holds the same with 160 to-dos,
/// in the stores that keep the large parts of a snapshot apart from it (the page of to-dos, the
/// undo history): SQLite 6, in rows of their own; disk 5, ahead of the snapshot in the file.
@Suite("stores written by earlier versions")
struct StoredFixturesSpec {
    /// What the transcripts ran, in order, on one copy of the store: reads first, then undo and
    /// redo, which prove the undo history came through as well.
    static let commands = [
        "todo list --all --json", "todo list --all", "todo journal --json", "todo journal", "coin history --json",
        "dice history --json", "todo redo --json", "todo undo --json", "todo undo --json", "todo undo --json",
        "todo list --all --json",
    ]

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Format2")

    @Test(
        .slow, arguments: ["Format2", "Format3", "Format4", "Attributes1", "Attributes2", "Identity1", "Parts1"],
        ["disk", "sqlite"])
    func aStoreOfAnEarlierFormatPrintsWhatItPrintedWhenItWasWritten(_ format: String, _ store: String) throws {
        let fixtures = Self.fixtures.deletingLastPathComponent().appendingPathComponent(format)
        let place = try copy(store, from: fixtures)
        defer { try? FileManager.default.removeItem(at: place) }
        let data = place.appendingPathComponent("\(store).store")
        try expectTranscript(fixtures.appendingPathComponent("\(store).transcript"), store: store, data: data.path)
        if store == "sqlite" {
            // The transcript's undo and redo are changes: the first rewrote the store in the
            // newest version, the one its snapshot's form needs (SQLite's `user_version`, its low
            // 16 bits the format).
            let version = try sqliteInteger(at: data.path, "PRAGMA user_version")
            #expect(version & 0xFFFF == 6, "its first change rewrote it in the newest version")
        }
    }

    /// Several programs making the first change to an SQLite store of version 4 at once, each of
    /// which moves it forward to the newest: every change is kept, whichever came first.
    @Test(.slow) func programsMakingTheFirstChangesToAnEarlierStoreAtOnceKeepEveryOne() throws {
        let fixtures = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Format4")
        for round in 1...12 {
            let place = try copy("sqlite", from: fixtures)
            defer { try? FileManager.default.removeItem(at: place) }
            let data = place.appendingPathComponent("sqlite.store").path
            let before = try ProgramRun.of("todo", ["list", "--all", "--data", data]).stdout.split(separator: "\n")
                .count
            // Started together, all of them, before any is waited for.
            let writers = try (0..<8).map { writer in
                let process = Process()
                process.executableURL = try ProgramRun.executable(named: "todo")
                process.arguments = ["add", "written by \(writer)", "--data", data]
                let said = place.appendingPathComponent("writer-\(writer)")
                try Data().write(to: said)
                process.standardOutput = FileHandle.nullDevice
                process.standardError = try FileHandle(forWritingTo: said)
                return (process, said)
            }
            for (process, _) in writers { try process.run() }
            for (writer, (process, said)) in writers.enumerated() {
                process.waitUntilExit()
                let error = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
                #expect(process.terminationStatus == 0, "round \(round), writer \(writer): \(error)")
            }
            let listed = try ProgramRun.of("todo", ["list", "--all", "--data", data]).stdout
            #expect(listed.split(separator: "\n").count == before + 8, "round \(round)")
            #expect(try sqliteInteger(at: data, "PRAGMA user_version") & 0xFFFF == 6)
        }
    }

    /// What `Parts1` proves is in it: parts kept apart, in the SQLite store's table of parts and
    /// ahead of the disk store's snapshot, so that every later version reads them there.
    @Test func theFixtureOfPartsKeptApartHoldsThem() throws {
        let fixtures = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Parts1")
        // Looked at in a copy: SQLite, closing the last connection, copies the log into the file.
        let place = try copy("sqlite", from: fixtures)
        defer { try? FileManager.default.removeItem(at: place) }
        let sqlite = place.appendingPathComponent("sqlite.store").path
        #expect(try sqliteInteger(at: sqlite, "PRAGMA user_version") & 0xFFFF == 6)
        #expect(try sqliteInteger(at: sqlite, "SELECT count(*) FROM parts WHERE length(part) > 16384") >= 2)
        #expect(try sqliteInteger(at: sqlite, "SELECT length(state) FROM snapshot") < 16384)
        let disk = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("disk.store")))
        let number = { (at: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(disk[at + $1]) << (8 * $1) } }
        #expect(number(8, 4) & 0xFFFF == 5, "the disk store's format")
        #expect(number(12, 8) > 24 + 2 * 16384, "its snapshot starts after two parts kept apart")
    }

    /// The PostgreSQL store as its first format wrote it (`Tests/Fixtures/Postgres/make-store`),
    /// as its second did (`Tests/Fixtures/Format3/make-stores`) and as its third did
    /// (`Tests/Fixtures/Format4/make-stores`), each loaded into a schema of its own on the test
    /// server.
    @Test(
        .enabled(if: PostgresTestServer.url != nil, "set APPCORE_TEST_POSTGRES to a PostgreSQL server's URL to run"),
        arguments: [("Postgres", "format1"), ("Format3", "postgres"), ("Format4", "postgres")])
    func aPostgreSQLStoreOfAnEarlierFormatPrintsWhatItPrintedWhenItWasWritten(_ fixture: String, _ name: String)
        throws
    {
        let folder = Self.fixtures.deletingLastPathComponent().appendingPathComponent(fixture)
        let url = PostgresTestServer.url ?? ""
        let schema = "fixture_\(UUID().uuidString.prefix(8).lowercased())"
        let load = try ProgramRun.of(
            "/usr/bin/psql",
            [
                url, "-q", "-v", "ON_ERROR_STOP=1", "-c", "CREATE SCHEMA \(schema)", "-c",
                "SET search_path = \(schema)", "-f", folder.appendingPathComponent("\(name).sql").path,
            ])
        #expect(load.status == 0, "\(load.stderr)")
        defer { _ = try? ProgramRun.of("/usr/bin/psql", [url, "-q", "-c", "DROP SCHEMA \(schema) CASCADE"]) }
        try expectTranscript(
            folder.appendingPathComponent("\(name).transcript"), store: "postgres",
            data: url + "&options=-csearch_path%3D\(schema)&store=fixture")
    }

    /// Runs `commands` on the store and expects them to print what `transcript` holds: the same
    /// text, and for a command with `--json` the same values under every key it printed then, any
    /// key a later version added beside them.
    private func expectTranscript(_ file: URL, store: String, data: String) throws {
        let expected = try Self.outputs(of: try String(contentsOf: file, encoding: .utf8))
        #expect(expected.map(\.command) == Self.commands)
        for (command, printed) in expected {
            let words = command.split(separator: " ").map(String.init)
            let run = try ProgramRun.of(
                words[0], Array(words.dropFirst()),
                environment: [
                    "APPCORE_STORE": store, "APPCORE_DATA": data, "APPCORE_NOW": "2026-11-23T13:00:00.000Z",
                    "TZ": "UTC",
                ])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            guard words.contains("--json") else {
                #expect(run.stdout == printed, "\(command)")
                continue
            }
            let then = try JSONSerialization.jsonObject(with: Data(printed.utf8), options: .fragmentsAllowed)
            let now = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8), options: .fragmentsAllowed)
            if let difference = Self.difference(from: then, to: now, at: "") {
                Issue.record("\(command): \(difference)")
            }
        }
    }

    /// Each command of a transcript, with what it printed.
    private static func outputs(of transcript: String) throws -> [(command: String, printed: String)] {
        var outputs: [(command: String, printed: String)] = []
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") {
                outputs.append((String(line.dropFirst(2)), ""))
            } else if !outputs.isEmpty {
                outputs[outputs.count - 1].printed += line + "\n"
            }
        }
        // The transcript's last line ends it: no command printed the line after it.
        if var last = outputs.last, last.printed.hasSuffix("\n\n") {
            last.printed.removeLast()
            outputs[outputs.count - 1] = last
        }
        return outputs
    }

    /// Where `now` does not hold what `then` held: a value changed, a key or an element gone. Keys
    /// `now` has beside `then`'s are a later version's additions, and allowed.
    private static func difference(from then: Any, to now: Any, at path: String) -> String? {
        switch (then, now) {
        case (let then as [String: Any], let now as [String: Any]):
            for (key, value) in then {
                guard let current = now[key] else { return "\(path).\(key) is gone" }
                if let difference = difference(from: value, to: current, at: "\(path).\(key)") { return difference }
            }
            return nil
        case (let then as [Any], let now as [Any]):
            guard then.count == now.count else { return "\(path) held \(then.count) elements, now \(now.count)" }
            for (index, (old, new)) in zip(then, now).enumerated() {
                if let difference = difference(from: old, to: new, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        default:
            return (then as? NSObject) == (now as? NSObject) ? nil : "\(path) was \(then), now \(now)"
        }
    }

    @Test(.slow, arguments: ["disk", "sqlite"])
    func aFormat2StoreOpensWithAFreshDeckAndKeepsTheNewDraws(_ store: String) throws {
        let place = try copy(store, from: Self.fixtures)
        defer { try? FileManager.default.removeItem(at: place) }
        let environment = [
            "APPCORE_STORE": store, "APPCORE_DATA": place.appendingPathComponent("\(store).store").path,
        ]
        let fresh = try ProgramRun.of("dice", ["deck", "show", "--json"], environment: environment)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect((try fresh.json()["left"] as? [String])?.count == 52)
        #expect((try fresh.json()["drawn"] as? [String]) == [])
        let draw = try ProgramRun.of("dice", ["deck", "draw", "2", "--seed", "3", "--json"], environment: environment)
        let shown = try ProgramRun.of("dice", ["deck", "show", "--json"], environment: environment)
        #expect((try shown.json()["drawn"] as? [String]) == (try draw.json()["cards"] as? [String]))
        let history = try ProgramRun.of("dice", ["history", "--json"], environment: environment)
        #expect((try history.json()["rolls"] as? [Any])?.count == 3)
    }

    /// `Tests/Fixtures/Table` holds the first stores that kept a roll's comment, and the rolls of
    /// one line in one change (see `make-stores` there): their history prints as it did.
    @Test(arguments: ["disk", "sqlite"])
    func aStoreHoldingCommentsAndALineOfRollsPrintsItsHistoryAsItDid(_ store: String) throws {
        let fixtures = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Table")
        let place = try copy(store, from: fixtures)
        defer { try? FileManager.default.removeItem(at: place) }
        let history = try ProgramRun.of(
            "dice", ["history", "--json"],
            environment: ["APPCORE_STORE": store, "APPCORE_DATA": place.appendingPathComponent("\(store).store").path])
        #expect(history.status == 0, "\(history.stderr)")
        let printed = try String(contentsOf: fixtures.appendingPathComponent("\(store).transcript"), encoding: .utf8)
        let then = try JSONSerialization.jsonObject(with: Data(printed.utf8))
        if let difference = Self.difference(
            from: then, to: try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)), at: "")
        {
            Issue.record("dice history --json: \(difference)")
        }
    }

    /// A folder of its own holding a copy of every file of the fixture store in `fixtures`.
    private func copy(_ store: String, from fixtures: URL) throws -> URL {
        let place = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appcore-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        where name.hasPrefix("\(store).store") {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: place.appendingPathComponent(name))
        }
        return place
    }
}
