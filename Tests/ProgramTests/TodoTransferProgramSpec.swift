import Foundation
import Testing

/// `todo import` and `todo export` with other tools' files: a format told from the file, what an
/// import kept as extras and left out said, a second import of the same file adding nothing, and
/// a round trip through Taskwarrior itself where `task` is installed.
@Suite("todo import and export, with other tools")
struct TodoTransferProgramSpec {
    /// Where Debian's `taskwarrior` puts `task`: the round trip through it needs it.
    static let task = "/usr/bin/task"
    static var hasTask: Bool { FileManager.default.isExecutableFile(atPath: task) }

    static let tasks = """
        [{"id":1,"description":"Report","entry":"20261120T101500Z","status":"pending",
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000001","project":"work.reports","priority":"H",
          "due":"20261201T173000Z","wait":"20261125T000000Z","scheduled":"20261124T080000Z",
          "until":"20261210T000000Z","start":"20261121T090000Z","tags":["q4","office"],
          "annotations":[{"entry":"20261121T090000Z","description":"asked Bob"}],
          "estimate":"2 hours","size":3,"depends":["0f9d8a3e-1111-4c1b-9a55-000000000002"]},
         {"description":"Call mum","end":"20261121T090000Z","entry":"20261119T080000Z","status":"completed",
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000002","priority":"VH"},
         {"description":"Water plants","entry":"20261101T080000Z","status":"recurring","recur":"weekly",
          "due":"20261102T000000Z","mask":"-","rtype":"periodic","uuid":"0f9d8a3e-1111-4c1b-9a55-000000000003"},
         {"description":"Water plants","entry":"20261101T080000Z","status":"pending","recur":"weekly",
          "due":"20261102T000000Z","parent":"0f9d8a3e-1111-4c1b-9a55-000000000003","imask":0,
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000004"},
         {"description":"Gone","entry":"20261119T080000Z","status":"deleted",
          "uuid":"0f9d8a3e-1111-4c1b-9a55-000000000005"}]
        """

    func written(_ text: String, in place: TodoPlace, as name: String) throws -> String {
        let file = place.folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test func aTaskwarriorFileIsToldWithoutAFormatAndWhatItKeptAsExtrasOrLeftOutIsSaid() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let file = try written(Self.tasks, in: place, as: "tasks.json")
        let first = try place.todo("import", file)
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").prefix(3)
        #expect(
            lines == [
                "Imported 3 to-dos.", "5 fields kept as extras: estimate, imask, parent, priority, size.",
                "2 tasks left out: 1 deleted, 1 recurring template "
                    + "(a recurring task's instances are its to-dos, and keep its template).",
            ])
        let again = try place.todo("import", file)
        #expect(again.stdout.hasPrefix("Imported 0 new to-dos, updated 0, 3 unchanged.\n"), "\(again.stdout)")
        #expect(try place.list("--all").count == 3)
    }

    /// Each format's export of ours, and a file todo.txt-cli wrote, imported twice: the list stays
    /// as it was, and the answer says that nothing was added.
    @Test(
        .slow,
        arguments: [
            ["export"], ["export", "--format", "todotxt"], ["export", "--format", "taskwarrior"],
            ["todo.txt-cli"],
        ])
    func anyFileImportedAgainAddsNothing(_ export: [String]) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "call mum", "--due", "fri", "--tag", "family", "--priority", "high")
        _ = try place.todo("add", "write report", "--project", "work", "--wait", "tomorrow")
        let text =
            export == ["todo.txt-cli"]
            ? "(A) 2026-11-01 Call mum +family @phone\nx 2026-11-20 2026-11-03 Pay rent\n"
            : try place.todo(export).stdout
        let file = try written(text, in: place, as: "export")
        if export == ["todo.txt-cli"] { #expect(try place.todo("import", file).status == 0) }
        let before = try place.todo("export").stdout
        for _ in 1...2 {
            let again = try place.todo("import", file)
            #expect(again.stdout.hasPrefix("Imported 0 new to-dos, updated 0, 2 unchanged.\n"), "\(again.stdout)")
            #expect(try place.todo("export").stdout == before)
        }
    }

    @Test func aLineLikeAnOpenToDoIsLeftOutSayingSoAndAllowDuplicatesAddsIt() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "buy milk")
        let file = try written("buy milk\n", in: place, as: "todo.txt")
        let run = try place.todo("import", file)
        #expect(run.status == 0)
        #expect(
            run.stdout
                == "Imported 0 to-dos.\n1 to-do left out: 1 open here already (--allow-duplicates adds them anyway).\n")
        #expect(try place.list().count == 1)
        #expect(try place.todo("import", file, "--allow-duplicates").stdout.hasPrefix("Imported 1 to-do.\n"))
        #expect(try place.list().count == 2)
    }

    @Test(arguments: ["[1, 2]", #"[{"name": "a"}]"#, "[{"])
    func jsonOfNoFormatWeReadIsRefusedInOneLineNamingTheFormatToGive(_ text: String) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try place.todo("import", try written(text, in: place, as: "odd.json"))
        #expect(run.status == 65)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("--format taskwarrior"))
        #expect(!run.stderr.contains("Decoding"), "\(run.stderr)")
    }

    @Test func aJSONFileWithAWrongValueSaysWhereNotSwiftsDecodingError() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try place.todo("import", try written(#"[{"title": "a"}, {"title": 3}]"#, in: place, as: "ours.json"))
        #expect(run.status == 65)
        #expect(
            run.stderr == "Error: cannot import this json file: to-do 2's title is not text. Nothing was imported.\n")
    }

    /// Taskwarrior's export imported here, exported for Taskwarrior, imported by `task import`,
    /// exported by `task export` and imported into a fresh store gives the same to-dos, field by
    /// field (but the ids, which Taskwarrior does not keep, and the uuid made for the one that had
    /// none: the uuids find them).
    @Test(.enabled(if: hasTask, "needs Taskwarrior's task at /usr/bin/task: apt-get install taskwarrior"))
    func aRoundTripThroughTaskwarriorGivesTheSameToDos() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let file = try written(Self.tasks, in: place, as: "tasks.json")
        _ = try place.todo("import", file)
        _ = try place.todo("add", "plain", "+home", "@desk", "--notes", "a note\nand more")
        let ours = try place.todo("export", "--format", "taskwarrior")
        let taskData = place.folder.appendingPathComponent("task")
        try FileManager.default.createDirectory(at: taskData, withIntermediateDirectories: true)
        let taskrc = try written("", in: place, as: "taskrc")
        let taskEnvironment = ["TASKDATA": taskData.path, "TASKRC": taskrc]
        // Recurrence off, so that `task` makes no instances of its own while it is asked.
        let options = ["rc.recurrence=off", "rc.hooks=off", "rc.confirmation=off", "rc.verbose=nothing"]
        let imported = try ProgramRun.of(
            Self.task, options + ["import", try written(ours.stdout, in: place, as: "ours.json")],
            environment: taskEnvironment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let theirs = try ProgramRun.of(Self.task, options + ["export"], environment: taskEnvironment)
        let fresh = try TodoPlace("sqlite")
        defer { fresh.remove() }
        let back = try fresh.todo("import", try written(theirs.stdout, in: place, as: "theirs.json"))
        #expect(back.status == 0, "\(back.stderr)")
        let withoutID = { (items: [[String: Any]]) in
            // The to-dos one depends on are named by their titles, as their ids differ.
            let titles = Dictionary(items.map { ($0["id"] as? String ?? "", $0["title"] as? String ?? "") }) { a, _ in a
            }
            return items.map { item in
                var item = item.filter { $0.key != "id" }
                item["depends"] = (item["depends"] as? [String])?.map { titles[$0] ?? $0 }
                item["annotations"] = (item["annotations"] as? [[String: String]])?.map {
                    "\($0["entry"] ?? "") \($0["description"] ?? "")"
                }
                item["extras"] = (item["extras"] as? [String: String])?.filter { $0.key != "uuid" }
                // A dictionary's description follows its own order, which two equal ones need not share.
                return item.map { key, value in
                    let shown = (value as? [String: Any]).map { $0.map { "\($0.key):\($0.value)" }.sorted() }
                    return "\(key)=\(shown.map(\.description) ?? "\(value)")"
                }
                .sorted()
            }
            .sorted { $0.description < $1.description }
        }
        let before = withoutID(try place.list("--all"))
        #expect(before.count == 4)
        #expect(before.contains { $0.contains("depends=[\"Call mum\"]") })
        #expect(before.contains { $0.contains("annotations=[\"2026-11-21T09:00:00.000Z asked Bob\"]") })
        #expect(withoutID(try fresh.list("--all")) == before)
        // And the store it came from finds each again by its uuid.
        let again = try place.todo("import", try written(theirs.stdout, in: place, as: "theirs.json"))
        #expect(again.stdout.hasPrefix("Imported 0 new to-dos, updated 0, 4 unchanged."), "\(again.stdout)")
    }
}
