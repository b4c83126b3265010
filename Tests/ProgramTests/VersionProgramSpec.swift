import Foundation
import Testing

@Suite("--version")
struct VersionProgramSpec {
    @Test func everyProgramSaysTheSameVersionOnOneLine() throws {
        let runs = try ["todo", "dice", "coin", "headless", "web"].map { try ProgramRun.of($0, ["--version"]) }
        for run in runs {
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+\n/) != nil)
        }
        #expect(Set(runs.map(\.stdout)).count == 1)
    }

    /// What `--version` and `--help` print is output like any other: a full device is exit 74 and
    /// one line on stderr, never 0 with nothing written.
    @Test(arguments: [
        ["todo", "--version"], ["dice", "--version"], ["coin", "--help"], ["todo", "list", "--help"],
        ["web", "--help"],
    ])
    func versionOrHelpToAFullDeviceExits74(_ command: [String]) throws {
        let run = try ProgramRun.of(
            command[0], Array(command.dropFirst()), output: URL(fileURLWithPath: "/dev/full"))
        #expect(run.status == 74)
        #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
    }
}
