import Foundation
import StoreTestSupport
import Testing

/// A store of its own for one test, removed after it.
struct TodoPlace {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-todo-\(UUID().uuidString)")
    let store: String

    init(_ store: String) throws {
        self.store = store
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var data: URL { folder.appendingPathComponent("data") }
    /// The file, or for PostgreSQL a store of its own on the test server, named by the folder.
    var dataPlace: String {
        guard store == "postgres", let url = PostgresTestServer.url else { return data.path }
        return url + (url.contains("?") ? "&" : "?") + "store=" + folder.lastPathComponent
    }
    var environment: [String: String] {
        ["APPCORE_STORE": store, "APPCORE_DATA": dataPlace, "APPCORE_NOW": "2026-11-22T12:00:00Z", "TZ": "UTC"]
    }

    func todo(_ arguments: String...) throws -> ProgramRun {
        try todo(arguments)
    }

    func todo(_ arguments: [String]) throws -> ProgramRun {
        try ProgramRun.of("todo", arguments, environment: environment)
    }

    func list(_ arguments: String...) throws -> [[String: Any]] {
        try list(arguments)
    }

    func list(_ arguments: [String]) throws -> [[String: Any]] {
        let run = try ProgramRun.of("todo", ["list", "--json"] + arguments, environment: environment)
        return (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite("todo, the program")
struct TodoProgramSpec {
    @Test(.slow, arguments: ["sqlite", "disk"])
    func addCompleteForkUndoExportAndImportGiveBackTheSameItems(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        _ = try place.todo("add", "buy milk", "--due", "tomorrow", "--tag", "errands", "--priority", "high")
        _ = try place.todo("add", "call mum", "--due", "fri")
        _ = try place.todo("add", "file taxes", "--due", "eom", "--context", "desk")
        let ids = try place.list().compactMap { $0["id"] as? String }
        #expect(try place.todo("done", String(ids[1].prefix(5))).status == 0)
        #expect(try place.todo("fork", ids[0], "--title", "buy oat milk").status == 0)
        #expect(try place.list("--all").count == 4)
        #expect(try place.todo("undo").stdout.contains("fork"))
        let export = try place.todo("export", "--format", "todotxt")
        let file = place.folder.appendingPathComponent("todo.txt")
        try Data(export.stdout.utf8).write(to: file)

        let fresh = try TodoPlace(store)
        defer { fresh.remove() }
        let imported = try fresh.todo("import", file.path, "--format", "todotxt")
        #expect(imported.status == 0, "\(imported.stderr)")
        let fields = ["id", "title", "completed", "due", "priority", "tags", "contexts"]
        let before = try place.list("--all").map { item in fields.map { "\(item[$0] ?? "")" } }
        let after = try fresh.list("--all").map { item in fields.map { "\(item[$0] ?? "")" } }
        #expect(before.count == 3)
        #expect(after == before)
    }

    /// Titles whose words todo.txt would read as a `key:value`, a context or a tag, or hold a time, come back
    /// whole from `export --format todotxt` into a fresh store, with every field `list` shows.
    @Test func titlesHoldingColonsAndMarksComeBackWholeFromTodoTxt() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("add", "call Bob at 10:30", "--due", "fri", "--tag", "work", "--priority", "low")
        _ = try place.todo("add", "email @bob: +1 on due:friday", "--context", "desk")
        _ = try place.todo("add", #"x (A) 2026-01-01 \+y"#, "--priority", "high")
        let id = try #require(try place.list().first?["id"] as? String)
        #expect(try place.todo("done", id).status == 0)
        let export = try place.todo("export", "--format", "todotxt")
        #expect(export.stdout.contains(#" call Bob at 10:30 +work "#))
        let file = place.folder.appendingPathComponent("todo.txt")
        try Data(export.stdout.utf8).write(to: file)

        let fresh = try TodoPlace("sqlite")
        defer { fresh.remove() }
        let imported = try fresh.todo("import", file.path, "--format", "todotxt")
        #expect(imported.status == 0, "\(imported.stderr)")
        let fields = ["id", "title", "completed", "due", "priority", "tags", "contexts", "extras"]
        let before = try place.list("--all").map { item in fields.map { "\(item[$0] ?? "")" } }
        let after = try fresh.list("--all").map { item in fields.map { "\(item[$0] ?? "")" } }
        #expect(
            before.map { $0[1] } == ["call Bob at 10:30", "email @bob: +1 on due:friday", #"x (A) 2026-01-01 \+y"#])
        #expect(after == before)
    }

    @Test func addPrintsTheIdAndListShowsTheDatesAsDays() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let added = try place.todo("add", "buy", "milk", "--due", "in 3 days", "--json")
        let item = try added.json()
        #expect(item["title"] as? String == "buy milk")
        #expect(item["due"] as? String == "2026-11-25")
        #expect(item["completed"] as? Bool == false)
        #expect(item["tags"] as? [String] == [])
        #expect(item["priority"] is NSNull)
        let text = try place.todo("add", "call mum")
        #expect(text.stdout.hasPrefix("Added "))
    }

    @Test(
        .slow,
        arguments: [
            (["done", "zzzz"], Int32(1), "no to-do has the id zzzz"),
            (["show", "zzzz"], Int32(1), "zzzz"),
            (["show", ""], Int32(64), "name the to-do to show"),
            (["show", "  "], Int32(64), "name the to-do to show"),
            (["add", ""], Int32(64), "title"),
            (["add", "x", "--due", "someday"], Int32(64), "someday"),
            (["add", "x", "--priority", "urgent"], Int32(64), "urgent"),
            (["edit", "zzzz", "--title", "y"], Int32(1), "zzzz"),
            (["list", "--all", "--done"], Int32(64), "--all"),
            (["undo", "--now", "yesterday"], Int32(64), "--now"),
        ])
    func badInputIsAClearErrorAndTheStoreIsUnchanged(_ arguments: [String], _ status: Int32, _ words: String) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "keep me")
        let before = try place.todo("export").stdout
        let run = try ProgramRun.of("todo", arguments, environment: place.environment)
        #expect(run.status == status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(words), "\(run.stderr)")
        #expect(try place.todo("export").stdout == before)
    }

    /// A prefix two ids share is ambiguous, also when an id sorted between them starts with the
    /// prefix's letters but not its characters (`abcd` then a combining accent): nothing is done.
    @Test func aPrefixSharedAcrossAnAccentedIdIsAmbiguous() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let file = place.folder.appendingPathComponent("todo.txt")
        try Data("first id:abcdz\nsecond id:abcd\u{301}q\nthird id:abcd\u{4E00}\n".utf8).write(to: file)
        #expect(try place.todo("import", file.path, "--format", "todotxt").status == 0)
        let run = try place.todo("done", "abcd")
        #expect(run.status == 64)
        #expect(run.stderr.contains("abcd names 2 to-dos"))
        #expect(try place.list("--done").isEmpty)
    }

    @Test func doneWithALineNumberIsRefusedSayingHowManyCharactersToType() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        for title in ["a", "b", "c", "d", "e"] { _ = try place.todo("add", title) }
        let before = try place.todo("export").stdout
        let run = try place.todo("done", "1")
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "Error: 1 is too short to be an id here: type at least 4 characters of one, as `todo list` shows them\n"
        )
        #expect(try place.todo("export").stdout == before)
    }

    @Test func aMalformedImportFileIsADataErrorAndImportsNothing() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let file = place.folder.appendingPathComponent("bad.json")
        try Data("[{\"title\": 3}]".utf8).write(to: file)
        let run = try place.todo("import", file.path)
        #expect(run.status == 65)
        #expect(try place.list("--all").isEmpty)
    }

    @Test(.slow, arguments: ["sqlite", "disk"])
    func fourProcessesAddingAtOnceLoseNothing(_ store: String) throws {
        let place = try TodoPlace(store)
        defer { place.remove() }
        let todo = try ProgramRun.executable(named: "todo").path
        let writers = try (0..<4).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "for i in $(seq 250); do \"\(todo)\" add \"w\(writer) $i\" > /dev/null || exit 1; done",
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(place.environment) { $1 }
            try process.run()
            return process
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.map(\.terminationStatus) == [0, 0, 0, 0])
        let titles = try place.list().compactMap { $0["title"] as? String }
        #expect(titles.count == 1_000)
        #expect(Set(titles).count == 1_000)
        let journal = try JSONSerialization.jsonObject(with: Data(try place.todo("journal", "--json").stdout.utf8))
        #expect((journal as? [Any])?.count == 1_000)
    }
}
