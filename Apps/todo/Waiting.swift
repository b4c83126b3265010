import AppCore
import ArgumentParser
import ProgramKit

struct Waiting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waiting",
        abstract: "List the to-dos waiting (--wait) until a moment still to come, and when each shows again.",
        discussion: """
            The first to show again comes first. The filter is `todo list`'s (see 'todo list --help').

            With --json, an array of `todo list --json`'s objects; "wait" says when each shows again.

            Examples:
              todo waiting
              todo waiting +someday
              todo waiting --json
            """)

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let (answer, session) = try report.report("waiting", among: .waiting) { query, _ in .waiting(query: query) }
            guard case .listed(let items, let abbreviation) = answer else { return }
            if report.common.json { return try printJSON(items.map(TodoRecord.init)) }
            guard !items.isEmpty else { return print("Nothing waits.") }
            let style = TextStyle.forStandardOutput()
            let time = LocalTime(timeZone: session.timeZone)
            for item in items {
                let shows = item.wait.map { time.string(from: $0) } ?? ""
                print(TodoText.line(item, abbreviation: abbreviation, style: style) + "  shows \(shows)")
            }
        }
    }
}
