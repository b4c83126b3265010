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
        let stopped = watcher.stop(with: SIGINT)
        #expect(stopped.status == 0, "\(stopped.said)")
        #expect(printed.hasPrefix("Nothing to do.\n"))
        #expect(printed.contains("[ ] buy milk"))
    }

    @Test(arguments: ["sqlite", "disk"])
    func aWatchFollowsAStoreReplacedByACopyRestoredOverIt(_ store: String) throws {
        let place = try TodoPlace(store)
        let copy = try TodoPlace(store)
        defer {
            place.remove()
            copy.remove()
        }
        #expect(try place.todo("add", "before the restore").status == 0)
        #expect(try copy.todo("add", "from the copy").status == 0)
        let watcher = try Watcher("todo", ["list", "--watch"], environment: place.environment)
        let first = watcher.read(until: "before the restore")

        // A store's files are moved together: for SQLite, its log and its mark too.
        for name in store == "sqlite" ? ["", "-wal", "-mark"] : [""] {
            #expect(rename(copy.data.path + name, place.data.path + name) == 0)
        }

        let printed = watcher.read(until: "from the copy", after: first)
        let stopped = watcher.stop(with: SIGINT)
        #expect(stopped.status == 0, "\(stopped.said)")
        #expect(printed.contains("+ ") && printed.contains("[ ] from the copy"))
        #expect(try place.todo("add", "after").status == 0)
        #expect(try place.list().map { $0["title"] as? String } == ["from the copy", "after"])
    }

    @Test
    func aChangeToOneToDoAmongHundredsWritesOnlyItsLineToAPipe() throws {
        let place = try TodoPlace.holding(300)
        defer { place.remove() }
        let watcher = try Watcher("todo", ["list", "--watch"], environment: place.environment)
        let first = watcher.read(until: "task 299\n")
        let line = try #require(first.split(separator: "\n").first { $0.hasSuffix(" task 9") })
        let id = String(line.prefix { $0 != " " })

        #expect(try place.todo("done", id).status == 0)

        let printed = watcher.read(until: "- \(line)\n", after: first)
        let stopped = watcher.stop(with: SIGINT)
        #expect(stopped.status == 0, "\(stopped.said)")
        #expect(first.split(separator: "\n").count == 300)
        #expect(printed.dropFirst(first.count) == "\n- \(line)\n")
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script for a terminal"),
        .slow)
    func onATerminalTheListIsCutToTheScreenAndAChangeRewritesOnlyTheRowsThatDiffer() throws {
        let place = try TodoPlace.holding(300)
        defer { place.remove() }
        let todo = try ProgramRun.executable(named: "todo").path
        // `script` gives the program a terminal of its own, 30 rows high.
        let watcher = try Watcher(
            "/usr/bin/script", ["-qfc", "stty rows 30 cols 120; exec \(todo) list --watch", "/dev/null"],
            environment: place.environment)
        let first = watcher.read(until: "more lines below the screen")
        let line = try #require(first.components(separatedBy: "\u{1B}[K").first { $0.hasSuffix(" task 27") })
        let id = String(line.drop { $0 != "H" }.dropFirst().prefix { $0 != " " })

        #expect(try place.todo("done", id).status == 0)

        let printed = watcher.read(until: "… and 271 more", after: first)
        _ = watcher.stop(with: SIGTERM)
        let rowsDrawnFirst = first.components(separatedBy: ";1H").count - 1
        let rowsDrawnAfter = printed.dropFirst(first.count).components(separatedBy: ";1H").count - 1
        #expect(first.contains("… and 272 more lines below the screen"))
        #expect(rowsDrawnFirst == 30)  // 28 to-dos, what is left out, and the cursor below
        #expect(rowsDrawnAfter == 3)  // task 28 in the place of task 27, what is left out, and the cursor
        #expect(!printed.dropFirst(first.count).contains("\u{1B}[2J"))
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script for a terminal"),
        .slow)
    func onATerminalALineWiderThanTheScreenIsCutSoNoRowIsOverwritten() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let long = String(repeating: "long ", count: 60)
        for title in ["first", long, "三 " + String(repeating: "字", count: 40), "last"] {
            #expect(try place.todo("add", title).status == 0)
        }
        let todo = try ProgramRun.executable(named: "todo").path
        let watcher = try Watcher(
            "/usr/bin/script", ["-qfc", "stty rows 10 cols 40; exec \(todo) list --watch", "/dev/null"],
            environment: place.environment)
        let first = watcher.read(until: "last")
        let id = try #require(
            try place.list().first { ($0["title"] as? String)?.hasPrefix("long") == true }?["id"] as? String)

        #expect(try place.todo("edit", id, "--title", "wide " + long).status == 0)

        let printed = watcher.read(until: "wide", after: first)
        _ = watcher.stop(with: SIGTERM)
        let rows = first.components(separatedBy: ";1H").dropFirst().map { $0.components(separatedBy: "\u{1B}[K")[0] }
        let shown = rows.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        #expect(shown.count == 5)  // four to-dos, and the cursor
        #expect(shown.allSatisfy { $0.count + $0.filter { $0 == "字" || $0 == "三" }.count <= 39 }, "\(shown)")
        #expect(shown[1].hasSuffix("…") && shown[2].hasSuffix("…") && shown[3].hasSuffix("last"))
        #expect(printed.dropFirst(first.count).components(separatedBy: ";1H").count - 1 == 2)  // its row, the cursor
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
        let stopped = watcher.stop(with: SIGTERM)
        #expect(stopped.status == 0, "\(stopped.said)")
        // The roll before is printed once, the new one after it.
        #expect(printed.components(separatedBy: "1d4").count == 2)
        #expect(printed.split(separator: "\n").last?.contains("3d6") == true)
    }

    @Test(arguments: stores)
    func coinHistoryWatchPrintsEachNewFlip(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let watcher = try Watcher("coin", ["history", "--watch"], environment: place.environment)
        let flip = try ProgramRun.of("coin", ["flip", "-n", "7"], environment: place.environment)
        #expect(flip.status == 0, "\(flip.stderr)")
        let printed = watcher.read(until: "flip")
        let stopped = watcher.stop(with: SIGINT)
        #expect(stopped.status == 0, "\(stopped.said)")
        #expect(printed.split(separator: "\n").count == 1)
    }

    @Test func watchingAskedWithJSONIsAUsageError() throws {
        let run = try ProgramRun.of("dice", ["history", "--watch", "--json"], environment: ["APPCORE_STORE": "memory"])
        #expect(run.status == 64)
    }
}

extension TodoPlace {
    /// A place on SQLite whose store holds `count` open to-dos, "task 0" on, imported at once.
    static func holding(_ count: Int) throws -> TodoPlace {
        let place = try TodoPlace("sqlite")
        let file = place.folder.appendingPathComponent("import.json")
        let records = (0..<count).map { "{\"title\": \"task \($0)\"}" }
        try Data(("[" + records.joined(separator: ",") + "]").utf8).write(to: file)
        #expect(try place.todo("import", file.path).status == 0)
        return place
    }
}
