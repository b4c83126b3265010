import Foundation
import Testing

/// What comes in is checked at the door: days in range, no control or bidi characters, sizes
/// within the limits. Nothing refused is kept.
@Suite("limits and text at the door")
struct TextAndLimitsSpec {
    @Test(
        .slow,
        arguments: [
            ["--due", "+100000m"], ["--due", "in 8000 years"], ["--due", "tomorrow", "--now", "9999-12-31"],
            ["--due", "10000-01-01"], ["--due", "yesterday", "--now", "0001-01-01"],
            ["--due", "+9223372036854775807d"],
        ])
    func aDayOutsideTheDaysKeptIsAUsageErrorAndNothingIsKept(_ options: [String]) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let run = try ProgramRun.of("todo", ["add", "x"] + options, environment: place.environment)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --due: ") && run.stderr.split(separator: "\n").count == 1)
        #expect(try place.list("--all").isEmpty)
    }

    /// A refusal quotes a word by its first 80 characters: a word of 100 KB is a line a person
    /// reads, never 100 KB on the terminal (twice, for a `desc~` pattern).
    @Test(
        .slow,
        arguments: [
            ["list", "/\(String(repeating: "a", count: 100_000))/"],
            ["list", "desc~\(String(repeating: "a", count: 100_000))"],
            ["list", "status:\(String(repeating: "s", count: 100_000))"],
            ["list", "due.before:\(String(repeating: "d", count: 100_000))"],
            ["add", "x", "due:\(String(repeating: "d", count: 100_000))"],
            ["add", "x", "--due", String(repeating: "d", count: 100_000)],
            ["done", String(repeating: "f", count: 100_000)],
        ])
    func aRefusedWordIsQuotedByItsStart(_ arguments: [String]) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        #expect(try place.todo("add", "kept").status == 0)
        let run = try place.todo(arguments)
        #expect(run.status == (arguments[0] == "done" ? 1 : 64))
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.utf8.count < 600, "\(run.stderr.utf8.count) bytes")
        #expect(run.stderr.contains(String(repeating: arguments.last!.dropFirst(20).first!, count: 70) + "…"))
        #expect(try place.list().map { $0["title"] as? String } == ["kept"])
    }

    @Test func theLastDayKeptIsKept() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        #expect(try place.todo("add", "x", "--due", "today", "--now", "9999-12-31").status == 0)
        #expect(try place.list().map { $0["due"] as? String } == ["9999-12-31"])
    }

    @Test(
        .slow,
        arguments: [
            ["add", "clear \u{1B}[2J the screen"], ["add", "read \u{202E}backwards"], ["add", "x", "--tag", "a\u{7}b"],
            ["add", "x", "--context", "c\u{9B}1"], ["add", "x", "--notes", "\u{1B}]52;c;aGk=\u{7}"],
            ["add", String(repeating: "é", count: 999) + String(repeating: "\u{301}", count: 3_000)],
            ["add", "x", "--notes", String(repeating: "n", count: 10_001)],
            ["add", "x", "--tag", String(repeating: "t", count: 101)],
        ])
    func textWithControlsOrOverTheLimitsIsRefusedAndNothingIsKept(_ arguments: [String]) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try ProgramRun.of("todo", arguments, environment: place.environment)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{202E}"))
        #expect(try place.list("--all").isEmpty)
    }

    @Test func notesMayHoldLineBreaksAndTabs() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        #expect(try place.todo("add", "x", "--notes", "one\n\ttwo").status == 0)
        #expect(try place.list().map { $0["notes"] as? String } == ["one\n\ttwo"])
    }

    @Test(arguments: [
        ("todotxt", "good one\nbad \u{1B}]0;owned\u{7} two\n", "line 2"),
        ("json", #"[{"title": "a"}, {"title": "b", "extras": {"uuid": "x\ny"}}]"#, "to-do 2"),
        ("json", #"[{"title": "a", "id": "two words"}]"#, "to-do 1"),
        ("taskwarrior", #"[{"description": "a", "uuid": "1\n2"}]"#, "task 1"),
    ])
    func anImportBreakingARuleIsRefusedWholeNamingWhere(_ format: String, _ text: String, _ place: String) throws {
        let store = try TodoPlace("disk")
        defer { store.remove() }
        let file = store.folder.appendingPathComponent("in")
        try Data(text.utf8).write(to: file)
        let run = try store.todo("import", file.path, "--format", format)
        #expect(run.status == 65)
        #expect(run.stderr.contains(place) && run.stderr.split(separator: "\n").count == 1)
        #expect(try store.list("--all").isEmpty)
    }

    /// Standard input is read with a cap: 65 MiB are refused, not read into memory whole.
    @Test func anImportFromStandardInputOverTheLimitIsRefused() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let file = place.folder.appendingPathComponent("big.txt")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let line = Data((String(repeating: "x", count: 1_023) + "\n").utf8)
        for _ in 0..<(65 * 1_024) { handle.write(line) }
        try handle.close()
        for source in ["-", file.path] {
            let run = try ProgramRun.of(
                "todo", ["import", source, "--format", "todotxt"], environment: place.environment, input: file)
            #expect(run.status == 65)
            #expect(run.stderr.contains("larger than 67108864 bytes"))
        }
        #expect(try place.list("--all").isEmpty)
    }

    /// A file of more to-dos than one import takes is data over a limit: exit 65, nothing imported.
    @Test func anImportOfMoreToDosThanTheLimitIsADataError() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let file = place.folder.appendingPathComponent("many.txt")
        try Data(String(repeating: "a\n", count: 100_001).utf8).write(to: file)
        let run = try place.todo("import", file.path, "--format", "todotxt")
        #expect(run.status == 65)
        #expect(run.stderr == "Error: 100001 to-dos at once is more than the limit of 100000\n")
        #expect(try place.list("--all").isEmpty)
    }

    /// Export, import into a fresh store, export again: the same bytes, in both formats.
    @Test(.slow, arguments: ["json", "todotxt"])
    func everyExportRoundTrips(_ format: String) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        let tasks = place.folder.appendingPathComponent("tasks.json")
        try Data(
            #"[{"uuid": "5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e5f", "description": "from taskwarrior", "status": "pending", "entry": "20261101T090000Z", "tags": ["home"]}]"#
                .utf8
        ).write(to: tasks)
        _ = try place.todo("import", tasks.path, "--format", "taskwarrior")
        _ = try place.todo("add", "buy milk", "--due", "tomorrow", "--tag", "errands", "--priority", "high")
        _ = try place.todo("add", "call mum", "--context", "phone", "--notes", "about\nsunday")
        let id = try #require(try place.list().last?["id"] as? String)
        _ = try place.todo("done", id)
        let first = try place.todo("export", "--format", format)
        #expect(first.status == 0)
        let file = place.folder.appendingPathComponent("export")
        try Data(first.stdout.utf8).write(to: file)

        let fresh = try TodoPlace("sqlite")
        defer { fresh.remove() }
        #expect(try fresh.todo("import", file.path, "--format", format).status == 0)
        let second = try fresh.todo("export", "--format", format)
        #expect(second.stdout == first.stdout)
        #expect(
            first.stdout.contains("5f1c2f6e-0d5a-4d8e-9a44-1c1d2b3a4e5f")
                && first.stdout.contains("sunday") == (format == "json"))
    }
}
