import AppCore
import ArgumentParser
import ProgramKit

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the tags of the open to-dos, each with how many carry it.",
        discussion: """
            Open is not done and not expired, waiting ones too, as in `todo projects` and `todo \
            summary` and in Taskwarrior's `task tags`. The filter is `todo list`'s (see 'todo list \
            --help'): `todo tags status:done` counts the done ones. With --json, an array of {"tag", \
            "count"}.

            Examples:
              todo tags
              todo tags project:home
              todo tags --json
            """)

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let (answer, _) = try report.report("tags", among: .openOrWaiting) { query, _ in .tags(query: query) }
            guard case .tags(let counts) = answer else { throw ProgramFailure.unexpected(answer) }
            if report.common.json { return try printJSON(counts) }
            guard !counts.isEmpty else { return print("No tags.") }
            let names = counts.map { "+" + TerminalText.escaped($0.tag) }
            let width = max("tag".count, names.map(\.count).max() ?? 0)
            let countWidth = max("count".count, counts.map { String($0.count).count }.max() ?? 0)
            print("tag".padding(to: width) + "  " + "count".padded(left: countWidth))
            for (name, count) in zip(names, counts) {
                print(name.padding(to: width) + "  " + String(count.count).padded(left: countWidth))
            }
        }
    }
}
