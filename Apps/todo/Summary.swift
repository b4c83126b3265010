import AppCore
import ArgumentParser
import ProgramKit

struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "For each project with open to-dos: how many are open, how many done, and the share done.",
        discussion: """
            As Taskwarrior's `task summary`: a project counts its own to-dos and those of the \
            projects under it, and a project with nothing open is left out. A waiting to-do counts \
            as open, but a project whose open to-dos all wait is left out, and an expired one counts \
            nowhere (Taskwarrior deletes it). The share done is done over open and done, rounded down. The filter is `todo list`'s (see 'todo list --help'), \
            among open and done to-dos alike.

            With --json, an array of {"project", "open", "done", "percentDone"}, the project null for \
            (none).

            Examples:
              todo summary
              todo summary project:work
              todo summary --json
            """)

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let (answer, _) = try report.report("summary", among: .all) { query, _ in .projects(query: query) }
            guard case .projects(let counts) = answer else { throw ProgramFailure.unexpected(answer) }
            if report.common.json { return try printJSON(counts.map(SummaryRow.init)) }
            guard !counts.isEmpty else { return print("Nothing to do.") }
            let lines = ProjectTable.lines(counts, columns: ["open", "done", "done %"]) { count in
                [String(count.open), String(count.done), "\(SummaryRow(count).percentDone)%"]
            }
            print(lines.joined(separator: "\n"))
        }
    }

    private struct SummaryRow: Encodable {
        let count: ProjectCount

        init(_ count: ProjectCount) { self.count = count }

        var percentDone: Int { count.done * 100 / max(1, count.open + count.done) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try container.encode(count.project, forKey: NamedKey("project"))
            try container.encode(count.open, forKey: NamedKey("open"))
            try container.encode(count.done, forKey: NamedKey("done"))
            try container.encode(percentDone, forKey: NamedKey("percentDone"))
        }
    }
}
