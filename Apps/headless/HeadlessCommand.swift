import ArgumentParser
import ProgramKit

@main
struct HeadlessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headless",
        abstract: "Play scenarios of commands against the AppCore, with no user interface, and check what comes out.",
        discussion: """
            A scenario sends commands, expects the answers that come out (in order, every one of \
            them unless it says non-exhaustive) and expects parts of the state. Tests/Scenarios/README.md \
            describes the format. Any program records a session with --record FILE (or \
            APPCORE_RECORD); `headless replay FILE` plays it again on a fresh store.

            Examples:
              headless run Tests/Scenarios
              headless run Tests/Scenarios --store all --format junit > report.xml
              headless run Tests/Scenarios --shard 1/4 --filter todo
              coin flip -n 3 --record session.scenario && headless replay session.scenario
              headless commands todo          # every to-do command, as JSON, with its answers

            Exit status: 0 all passed, 1 some failed, 2 a scenario file is malformed or missing, 3 nothing \
            matched, 64 a mistyped command line, 74 a report that could not be written.
            """,
        version: ProgramVersion.current,
        subcommands: [Run.self, Replay.self, Commands.self]
    )

    static func main() async { await mainSayingErrorsInOneLine() }
}
