import Foundation
import StoreTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A write to standard output that fails is an error, said in one line, with exit status 74.
@Suite("output errors")
struct OutputErrorSpec {
    static let devFull = URL(fileURLWithPath: "/dev/full")

    @Test(
        .slow,
        arguments: [
            ["todo", "list", "--json"], ["todo", "list"], ["todo", "export"],
            ["todo", "export", "--format", "todotxt"],
        ])
    func aTodoCommandWritingToAFullDeviceExits74(_ command: [String]) throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("import", try Self.manyTodos(in: place).path, "--format", "todotxt")
        let run = try ProgramRun.of(
            command[0], Array(command.dropFirst()), environment: place.environment, output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test(arguments: [["coin", "flip", "-n", "3"], ["coin", "history", "--json"], ["coin", "eightball", "why?"]])
    func aCoinCommandWritingToAFullDeviceExits74(_ command: [String]) throws {
        let run = try ProgramRun.of(command[0], Array(command.dropFirst()), output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("Error: cannot write to standard output"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aHeadlessReportThatCannotBeWrittenExits74() throws {
        let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/coin.scenario")
        let run = try ProgramRun.of("headless", ["run", scenarios.path], output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("Error: cannot write to standard output"))
    }

    @Test func headlessCommandsWritingToAFullDeviceExits74() throws {
        let run = try ProgramRun.of("headless", ["commands"], output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    /// A disk that fills while `todo export` writes: exit 74, never 0 with a cut-off file.
    @Test func anExportToAFullDiskExits74() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("import", try Self.manyTodos(in: place).path, "--format", "todotxt")
        let disk = place.folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard mount("appcore-test", disk.path, "tmpfs", 0, "size=16k") == 0 else {
            print("skipped: cannot mount a small tmpfs here (\(String(cString: strerror(errno))))")
            return
        }
        defer { umount(disk.path) }
        let file = disk.appendingPathComponent("todos.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let run = try ProgramRun.of("todo", ["export"], environment: place.environment, output: file)
        #expect(run.status == 74)
        #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    /// `todo list | head -1`: the reader stops, and the program ends by SIGPIPE, saying nothing.
    @Test func aReaderThatStopsEndsTheProgramQuietly() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        _ = try place.todo("import", try Self.manyTodos(in: place).path, "--format", "todotxt")
        let process = Process()
        process.executableURL = try ProgramRun.executable(named: "todo")
        process.arguments = ["list"]
        process.environment = ProcessInfo.processInfo.environment.merging(place.environment) { $1 }
        let (stdout, stderr) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (stdout, stderr)
        try stdout.fileHandleForReading.close()
        try process.run()
        let said = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
        #expect(said.isEmpty)
    }

    /// A todo.txt file of 2,000 to-dos with long titles: more than any buffer holds.
    static func manyTodos(in place: TodoPlace) throws -> URL {
        let file = place.folder.appendingPathComponent("many.txt")
        let lines = (1...2_000).map { "task \($0) " + String(repeating: "x", count: 100) }
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        return file
    }
}
