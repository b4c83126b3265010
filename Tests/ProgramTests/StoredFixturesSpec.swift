import Foundation
import Testing

/// Stores written by earlier versions open in this one and read back the same.
///
/// `Tests/Fixtures/Format2` holds a disk and an SQLite store made by the programs of format 2
/// (see `make-stores` there): to-dos added, done, forked, edited, deleted and the delete undone;
/// flips, an 8-Ball answer and rolls. Beside each is the transcript of what those programs printed
/// for it. A copy of each store is opened here and must print the same, every run, for ever.
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

    @Test(arguments: ["disk", "sqlite"])
    func aFormat2StorePrintsWhatItPrintedWhenItWasWritten(_ store: String) throws {
        let place = try copy(store)
        defer { try? FileManager.default.removeItem(at: place) }
        try expectTranscript(
            Self.fixtures.appendingPathComponent("\(store).transcript"), store: store,
            data: place.appendingPathComponent("\(store).store").path)
    }

    /// The PostgreSQL store as its first format wrote it (`Tests/Fixtures/Postgres/make-store`),
    /// loaded into a schema of its own on the test server.
    @Test(.enabled(if: PostgresTestServer.url != nil, "set APPCORE_TEST_POSTGRES to a PostgreSQL server's URL to run"))
    func aFormat1PostgreSQLStorePrintsWhatItPrintedWhenItWasWritten() throws {
        let folder = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Postgres")
        let url = PostgresTestServer.url ?? ""
        let schema = "fixture_\(UUID().uuidString.prefix(8).lowercased())"
        let load = try ProgramRun.of(
            "/usr/bin/psql",
            [
                url, "-q", "-v", "ON_ERROR_STOP=1", "-c", "CREATE SCHEMA \(schema)", "-c",
                "SET search_path = \(schema)", "-f", folder.appendingPathComponent("format1.sql").path,
            ])
        #expect(load.status == 0, "\(load.stderr)")
        defer { _ = try? ProgramRun.of("/usr/bin/psql", [url, "-q", "-c", "DROP SCHEMA \(schema) CASCADE"]) }
        try expectTranscript(
            folder.appendingPathComponent("format1.transcript"), store: "postgres",
            data: url + "&options=-csearch_path%3D\(schema)&store=fixture")
    }

    /// Runs `commands` on the store and expects them to print what `transcript` holds.
    private func expectTranscript(_ file: URL, store: String, data: String) throws {
        let expected = try String(contentsOf: file, encoding: .utf8)
        var transcript = ""
        for command in Self.commands {
            let words = command.split(separator: " ").map(String.init)
            let run = try ProgramRun.of(
                words[0], Array(words.dropFirst()),
                environment: [
                    "APPCORE_STORE": store, "APPCORE_DATA": data, "APPCORE_NOW": "2026-11-23T13:00:00.000Z",
                    "TZ": "UTC",
                ])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            transcript += "$ \(command)\n\(run.stdout)"
        }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        for (line, (want, got)) in zip(expectedLines, actualLines).enumerated() where want != got {
            Issue.record("line \(line + 1) differs:\n  was: \(want)\n  now: \(got)")
        }
        #expect(actualLines.count == expectedLines.count)
    }

    @Test(arguments: ["disk", "sqlite"])
    func aFormat2StoreOpensWithAFreshDeckAndKeepsTheNewDraws(_ store: String) throws {
        let place = try copy(store)
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

    /// A folder of its own holding a copy of every file of the fixture store.
    private func copy(_ store: String) throws -> URL {
        let place = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appcore-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
        where name.hasPrefix("\(store).store") {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(name), to: place.appendingPathComponent(name))
        }
        return place
    }
}
