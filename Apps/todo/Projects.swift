import AppCore
import ArgumentParser
import ProgramKit

struct Projects: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projects",
        abstract: "List the projects with open to-dos, each with how many, those under a project indented beneath it.",
        discussion: """
            A project counts its own open to-dos and those of the projects under it: home counts \
            home.garden's, as Taskwarrior's `task projects` does. (none) counts those in no project. \
            Open is not done and not expired, waiting ones too, as in `todo summary` and `todo \
            tags` and in Taskwarrior's reports; `todo list` and `todo count` leave the waiting ones \
            out. The filter is `todo list`'s (see 'todo list --help').

            With --json, an array of {"project", "open"}, the project null for (none).

            Examples:
              todo projects
              todo projects +errands
              todo projects --json
            """)

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let (answer, _) = try report.report("projects", among: .openOrWaiting) { query, _ in .projects(query: query)
            }
            guard case .projects(let counts) = answer else { throw ProgramFailure.unexpected(answer) }
            if report.common.json {
                return try printJSON(counts.map { ProjectRow(project: $0.project, open: $0.open) })
            }
            guard !counts.isEmpty else { return print("Nothing to do.") }
            print(ProjectTable.lines(counts, columns: ["open"]) { [$0.open] }.joined(separator: "\n"))
        }
    }

    private struct ProjectRow: Encodable {
        let project: String?
        let open: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try container.encode(project, forKey: NamedKey("project"))
            try container.encode(open, forKey: NamedKey("open"))
        }
    }
}
