import AppCore
import ArgumentParser
import ProgramKit

struct Active: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "active",
        abstract: "List the to-dos being worked on (todo start), first started first, with the time worked.",
        discussion: """
            The time worked is what was spent before and the time since the start. The filter is \
            `todo list`'s (see 'todo list --help'), among waiting to-dos too.

            With --json, an array of `todo list --json`'s objects, each with "secondsWorked" besides.

            Examples:
              todo active
              todo active project:work
              todo active --json
            """)

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let (answer, session) = try report.report("active", among: .all) { query, _ in .active(query: query) }
            guard case .listed(let items, let abbreviation, _) = answer else { throw ProgramFailure.unexpected(answer) }
            let now = session.now
            if report.common.json {
                return try printJSON(
                    items.map { RecordWith(item: $0, name: "secondsWorked", value: $0.secondsSpent(at: now)) })
            }
            guard !items.isEmpty else { return print("Nothing is started.") }
            let style = TodoStyle.forStandardOutput(in: session)
            let time = LocalTime(timeZone: session.timeZone)
            for item in items {
                let since = item.started.map { time.string(from: $0) } ?? ""
                print(
                    TodoText.line(item, abbreviation: abbreviation, style: style)
                        + "  worked \(TodoText.duration(item.secondsSpent(at: now))), since \(since)")
            }
        }
    }
}
