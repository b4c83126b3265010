import AppCore
import ArgumentParser
import ProgramKit

struct Waiting: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waiting",
        abstract: "List the to-dos waiting (--wait) until a moment still to come, and when each shows again.",
        discussion: """
            The first to show again comes first, each marked `waiting until` the day, and the time \
            where that is not midnight, when it shows again. The filter is `todo list`'s (see 'todo list --help').

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
            guard case .listed(let items, let abbreviation, _) = answer else { throw ProgramFailure.unexpected(answer) }
            if report.common.json { return try printJSON(items.map(TodoRecord.init)) }
            guard !items.isEmpty else { return print("Nothing waits.") }
            // Each line says until when it waits.
            try show(items, abbreviation: abbreviation, json: false, in: session)
        }
    }
}
