import Foundation
import StoreTestSupport
import Testing

/// The PostgreSQL server the tests may use.
enum PostgresTestServer {
    /// `APPCORE_TEST_POSTGRES`: the URL of a throw-away server (`Tests/postgres-server start`
    /// prints one), or nil where there is none.
    static var url: String? {
        ProcessInfo.processInfo.environment["APPCORE_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The script that starts, restarts and stops a server of its own.
    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("postgres-server")
    }

    /// Runs the script; returns what it printed. Started by `Spawned`, not `Process`: the server
    /// the script leaves running made `Process` wait for ever, now and then, for the script that
    /// had already ended.
    @discardableResult
    static func run(_ arguments: String...) throws -> String {
        let printed = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-server-\(UUID())")
        defer { try? FileManager.default.removeItem(at: printed) }
        guard let status = Spawned.run(script.path, arguments, output: printed.path) else {
            throw ServerFailure(message: "cannot start \(script.path)")
        }
        let output = (try? String(contentsOf: printed, encoding: .utf8)) ?? ""
        guard status == 0 else { throw ServerFailure(message: "\(script.lastPathComponent) \(arguments) failed") }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct ServerFailure: Error {
        let message: String
    }
}

/// The programs on a PostgreSQL store: many at once, a server that goes away, and a password
/// that never shows.
@Suite(
    "PostgreSQL store, the programs",
    // A server is needed: CI starts one; elsewhere `Tests/postgres-server start FOLDER` prints the
    // URL to set.
    .enabled(if: PostgresTestServer.url != nil, "set APPCORE_TEST_POSTGRES to a PostgreSQL server's URL to run"))
struct PostgresProgramSpec {
    @Test(.slow) func fourProgramsAddingAtOnceLoseNothingAndDuplicateNothing() throws {
        let place = try TodoPlace("postgres")
        defer { place.remove() }
        let todo = try ProgramRun.executable(named: "todo").path
        let writers = try (0..<4).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "for i in $(seq 250); do \"$0\" add \"w\(writer)-$i\" >/dev/null || exit 1; done", todo,
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(place.environment) { $1 }
            try process.run()
            return process
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.map(\.terminationStatus) == [0, 0, 0, 0])

        let titles = try place.list("--all").compactMap { $0["title"] as? String }
        #expect(titles.count == 1_000)
        #expect(Set(titles).count == 1_000)
        for writer in 0..<4 {
            // Each program's to-dos in the order it added them.
            #expect(titles.filter { $0.hasPrefix("w\(writer)-") } == (1...250).map { "w\(writer)-\($0)" })
        }
        let journal = try JSONSerialization.jsonObject(with: Data(try place.todo("journal", "--json").stdout.utf8))
        #expect((journal as? [Any])?.count == 1_000)
    }

    @Test func libpqsOwnVariablesNameTheServerWhenNoURLIsGiven() throws {
        let query = URLComponents(string: PostgresTestServer.url ?? "")?.queryItems ?? []
        let host = query.first { $0.name == "host" }?.value ?? ""
        let environment = [
            "APPCORE_STORE": "postgres", "PGHOST": host, "PGUSER": "postgres", "PGDATABASE": "postgres",
        ]
        let add = try ProgramRun.of("todo", ["add", "water the plants"], environment: environment)
        #expect(add.status == 0, "\(add.stderr)")
        let list = try ProgramRun.of("todo", ["list", "--data", "postgresql://"], environment: environment)
        #expect(list.stdout.contains("water the plants"))
    }

    /// The server's notices are not the program's to print, those it sends while the connection
    /// is being made among them (here the debugging messages PGOPTIONS asks for).
    @Test func theServersNoticesNeverReachStandardError() throws {
        let url = try #require(PostgresTestServer.url)
        let environment = [
            "APPCORE_STORE": "postgres", "APPCORE_DATA": url + "&store=notices",
            "PGOPTIONS": "-c client_min_messages=debug5",
        ]

        let flip = try ProgramRun.of("coin", ["flip", "--seed", "1"], environment: environment)

        #expect(flip.status == 0)
        #expect(flip.stdout == "tails\n")
        #expect(flip.stderr == "")
    }

    @Test func aPasswordInTheURLNeverShows() throws {
        let place = try TodoPlace("postgres")
        defer { place.remove() }
        let secret = "Sesame-0pen"
        // The test server trusts its local users, so it does not ask for the password given.
        let url = place.dataPlace.replacingOccurrences(of: "postgresql://", with: "postgresql://postgres:\(secret)@")
        let recording = place.folder.appendingPathComponent("run.scenario").path
        let runs = [
            try ProgramRun.of(
                "todo", ["add", "buy milk", "--record", recording, "--data", url], environment: place.environment),
            try ProgramRun.of("todo", ["list", "--data", url + "&password=\(secret)"], environment: place.environment),
            try ProgramRun.of("todo", ["journal", "--json", "--data=\(url)"], environment: place.environment),
        ]
        #expect(runs.map(\.status) == [0, 0, 0])
        #expect(runs[1].stdout.contains("buy milk"))
        let unreachable = try ProgramRun.of(
            "todo", ["list", "--data", "postgresql://postgres:\(secret)@/postgres?host=/nonexistent&store=x"],
            environment: place.environment)
        #expect(unreachable.status == 65)
        // The warning that the password was blanked out of the command line, and the error.
        let lines = unreachable.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("Warning: ") && lines[1].hasPrefix("Error: "))
        #expect(unreachable.stderr.contains("postgresql://postgres@/postgres?host=/nonexistent"))
        let everything =
            runs.map { $0.stdout + $0.stderr } + [
                unreachable.stderr, try String(contentsOfFile: recording, encoding: .utf8),
            ]
        for text in everything { #expect(!text.contains(secret)) }
    }

    /// Runs SQL on the test server with psql, as a person at the server might; returns what it printed.
    @discardableResult
    static func psql(_ statement: String, url: String? = nil) throws -> String {
        let run = try ProgramRun.of("/usr/bin/psql", [url ?? PostgresTestServer.url ?? "", "-qAtc", statement])
        guard run.status == 0 else { throw PostgresTestServer.ServerFailure(message: run.stderr) }
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aNewestChangeDeletedByHandIsRefusedByNameAndItsNumberIsNotUsedAgain() throws {
        let place = try TodoPlace("postgres")
        defer { place.remove() }
        let name = place.folder.lastPathComponent
        #expect(try place.todo("add", "buy milk").status == 0)
        #expect(try place.todo("add", "call the plumber").status == 0)
        try Self.psql("DELETE FROM appcore_changes WHERE store = '\(name)' AND sequence = 2")

        let list = try place.todo("list")
        let add = try place.todo("add", "write the report")

        #expect(list.status == 65)
        #expect(list.stdout == "")
        #expect(list.stderr.contains("store \(name): its change 2 is damaged or missing"), "\(list.stderr)")
        #expect(list.stderr.split(separator: "\n").count == 1)
        #expect(add.status == 65)
        #expect(try Self.psql("SELECT max(sequence) FROM appcore_changes WHERE store = '\(name)'") == "1")
    }

    /// A role that may only SELECT from the two tables, and a session whose transactions are all
    /// read-only, serve every command that reads, a missing store too (as an empty one, made by
    /// nobody); a change is refused in one line, and nothing is written.
    @Test func aRoleThatMayOnlyReadAndAReadOnlyDatabaseServeEveryReadingCommand() throws {
        let place = try TodoPlace("postgres")
        defer { place.remove() }
        let name = place.folder.lastPathComponent
        #expect(try place.todo("add", "buy milk").status == 0)
        #expect(try ProgramRun.of("coin", ["flip", "--seed", "1"], environment: place.environment).status == 0)
        #expect(try ProgramRun.of("dice", ["2d6", "--seed", "1"], environment: place.environment).status == 0)
        let role = "appcore_reader_\(UUID().uuidString.prefix(8).lowercased())"
        try Self.psql("CREATE ROLE \(role) LOGIN; GRANT SELECT ON appcore_stores, appcore_changes TO \(role)")
        defer { _ = try? Self.psql("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let asReader = place.dataPlace.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        let readOnly = place.dataPlace + "&options=-cdefault_transaction_read_only%3Don"
        #expect(asReader != place.dataPlace)
        let rows = "SELECT count(*) FROM appcore_stores WHERE name LIKE '\(name)%'"
        let rowsBefore = try Self.psql(rows)

        for data in [asReader, readOnly] {
            let reads = [
                ("todo", ["list"]), ("todo", ["journal"]), ("coin", ["history"]), ("dice", ["history"]),
            ]
            for (program, arguments) in reads {
                let run = try ProgramRun.of(program, arguments + ["--data", data], environment: place.environment)
                #expect(run.status == 0, "\(program) \(arguments): \(run.stderr)")
                #expect(run.stderr == "")
            }
            let list = try ProgramRun.of("todo", ["list", "--data", data], environment: place.environment)
            #expect(list.stdout.contains("buy milk"))
            let missing = try ProgramRun.of(
                "todo", ["list", "--data", data.replacingOccurrences(of: name, with: name + "-new")],
                environment: place.environment)
            #expect(missing.status == 0, "\(missing.stderr)")
            #expect(missing.stdout == "Nothing to do.\n")

            let add = try ProgramRun.of(
                "todo", ["add", "call the plumber", "--data", data], environment: place.environment)
            #expect(add.status == 65)
            #expect(add.stderr.hasPrefix("Error: the change was not kept: could not write the store at "))
            #expect(add.stderr.contains("permission denied") || add.stderr.contains("read-only"), "\(add.stderr)")
            #expect(add.stderr.split(separator: "\n").count == 1)
        }
        #expect(try Self.psql(rows) == rowsBefore)
        #expect(try place.list().compactMap { $0["title"] as? String } == ["buy milk"])
    }

    /// What `ps` shows of a program is read from its own memory: the password is overwritten
    /// there as soon as it is read, for the whole of a `--watch`, and the program says so.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "needs /proc"))
    func aPasswordGivenInDataIsBlankedOutOfTheCommandLineOthersSee() throws {
        let place = try TodoPlace("postgres")
        defer { place.remove() }
        let secret = "Sesame-0pen"
        let url = place.dataPlace.replacingOccurrences(of: "postgresql://", with: "postgresql://postgres:\(secret)@")
        // Given twice, the first overridden by the second: both are blanked.
        let earlier = url.replacingOccurrences(of: secret, with: secret + "-earlier")
        let watcher = try Watcher(
            "todo", ["list", "--watch", "--data", earlier, "--data", url], environment: place.environment)
        _ = watcher.read(until: "Nothing to do.")
        let cmdline = URL(fileURLWithPath: "/proc/\(watcher.process.processIdentifier)/cmdline")
        let shown = String(decoding: try Data(contentsOf: cmdline), as: UTF8.self)
        let stopped = watcher.stop(with: SIGINT)
        #expect(stopped.status == 0, "\(stopped.said)")
        #expect(!shown.contains(secret))
        #expect(shown.contains("postgresql://postgres:xxxxxxxxxxx@"), "\(shown)")
        #expect(shown.contains("postgresql://postgres:xxxxxxxxxxxxxxxxxxx@"), "\(shown)")

        let list = try ProgramRun.of("todo", ["list", "--data=\(url)"], environment: place.environment)
        #expect(list.status == 0)
        #expect(list.stderr.hasPrefix("Warning: the password given in --data was blanked out"))
        #expect(list.stderr.split(separator: "\n").count == 1)
        for way in ["APPCORE_DATA", "~/.pgpass", "PGPASSWORD"] { #expect(list.stderr.contains(way)) }
        let environment = place.environment.merging(["APPCORE_DATA": url]) { $1 }
        let kept = try ProgramRun.of("todo", ["list"], environment: environment)
        #expect(kept.status == 0)
        #expect(kept.stderr == "", "a password kept off the command line is not warned of")
    }

    /// libpq reads `%` escapes in a parameter's name: each of these is the password, and libpq
    /// sends it; none may show in a message, an answer or a recording.
    @Test(arguments: [
        "user:postgres:Sesame-0pen@", "user:postgres:x?Sesame-0pen@", "password=Sesame-0pen", "pass%77ord=Sesame-0pen",
        "%70assword=Sesame-0pen", "passw%6Frd=Sesame-0pen", "passw%6frd=Sesame-0pen",
        "%70%61%73%73%77%6F%72%64=Sesame-0pen", "PASS%57ORD=Sesame-0pen",
    ])
    func aPasswordInAnySpellingNeverShows(_ spelling: String) throws {
        let place = try TodoPlace("postgres")
        defer { place.remove() }
        let secret = "Sesame-0pen"
        let url =
            spelling.hasPrefix("user:")
            ? place.dataPlace.replacingOccurrences(of: "postgresql://", with: "postgresql://\(spelling.dropFirst(5))")
            : place.dataPlace + "&" + spelling
        let recording = place.folder.appendingPathComponent("run.scenario").path
        // The test server trusts its local users: it does not ask for the password, which is
        // sent only when asked for. An upper-case name is not one of libpq's: a usage error.
        let add = try ProgramRun.of(
            "todo", ["add", "buy milk", "--record", recording, "--data", url], environment: place.environment)
        let unreachable = try ProgramRun.of(
            "todo", ["list", "--data", url.replacingOccurrences(of: "host=/", with: "host=/nonexistent/")],
            environment: place.environment)
        let unreadable = try ProgramRun.of(
            "todo", ["list", "--data", url + "&port=%zz"], environment: place.environment)

        #expect(add.status == (spelling.hasPrefix("PASS") ? 64 : 0), "\(add.stderr)")
        #expect(unreachable.status == (spelling.hasPrefix("PASS") ? 64 : 65), "\(unreachable.stderr)")
        #expect(unreadable.status == 64, "\(unreadable.stderr)")
        let recorded = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
        #expect(spelling.hasPrefix("PASS") || recorded.contains("buy milk"))
        for text in [add.stdout, add.stderr, unreachable.stderr, unreadable.stderr, recorded] {
            #expect(!text.contains(secret), "\(text)")
        }
    }

    @Test(.slow) func aWatchingProgramFollowsTheStoreThroughAServerRestart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-pg-\(UUID().uuidString)")
        let url = try PostgresTestServer.run("start", folder.path)
        defer { _ = try? PostgresTestServer.run("stop", folder.path) }
        let environment = ["APPCORE_STORE": "postgres", "APPCORE_DATA": url + "&store=watched"]
        let watcher = try Watcher("todo", ["list", "--watch"], environment: environment)
        let first = watcher.read(until: "Nothing to do.")
        try PostgresTestServer.run("restart", folder.path)
        #expect(try ProgramRun.of("todo", ["add", "buy milk"], environment: environment).status == 0)
        let printed = watcher.read(until: "buy milk", after: first)
        let stopped = watcher.stop(with: SIGINT)
        #expect(stopped.status == 0, "\(stopped.said)")
        #expect(printed.contains("[ ] buy milk"))
    }

    @Test(.slow) func aServerRestartedMidRunLosesNothingAcknowledgedAndTheNextCommandWorks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-pg-\(UUID().uuidString)")
        let url = try PostgresTestServer.run("start", folder.path)
        defer { _ = try? PostgresTestServer.run("stop", folder.path) }
        let environment = ["APPCORE_STORE": "postgres", "APPCORE_DATA": url + "&store=restarted"]

        // One program after another adds a to-do and says "ack N" once it was acknowledged.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        let todo = try ProgramRun.executable(named: "todo").path
        writer.arguments = [
            "-c", "for i in $(seq 150); do \"$0\" add \"t$i\" >/dev/null && echo \"ack $i\"; done", todo,
        ]
        writer.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let (output, errors) = (Pipe(), Pipe())
        writer.standardOutput = output
        writer.standardError = errors
        try writer.run()
        var printed = ""
        while printed.count(where: { $0 == "\n" }) < 30 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        try PostgresTestServer.run("restart", folder.path)
        printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        writer.waitUntilExit()

        let acknowledged = printed.split(separator: "\n").map { "t" + $0.dropFirst(4) }
        let list = try ProgramRun.of("todo", ["list", "--json"], environment: environment)
        #expect(list.status == 0, "the next command works: \(list.stderr)")
        let titles = ((try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8))) as? [[String: Any]] ?? [])
            .compactMap { $0["title"] as? String }
        #expect(Set(acknowledged).isSubset(of: titles))
        #expect(Set(titles).count == titles.count)
        // A command the restart cut short said so in one line of its own, each.
        for line in said.split(separator: "\n") { #expect(line.hasPrefix("Error: ")) }
    }
}
