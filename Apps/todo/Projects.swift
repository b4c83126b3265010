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
            The filter is `todo list`'s (see 'todo list --help').

            With --json, an array of {"project", "open"}, the project null for (none).

            Examples:
              todo projects
              todo projects +errands
              todo projects --json
            """)

    @OptionGroup var report: ReportOptions

    func run() throws {
        try reportingFailures {
            let (answer, _) = try report.report("projects", among: .open) { query, _ in .projects(query: query) }
            guard case .projects(let counts) = answer else { return }
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

/// Projects as a tree in a table: each under its parent, indented two spaces a level and named by
/// its last part, then its numbers in right-aligned columns.
enum ProjectTable {
    static func lines(_ counts: [ProjectCount], columns: [String], values: (ProjectCount) -> [String]) -> [String] {
        let names = counts.map { count in
            guard let project = count.project else { return "(none)" }
            let last = project.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? project
            return String(repeating: "  ", count: count.depth) + TerminalText.escaped(last)
        }
        let rows = counts.map(values)
        let nameWidth = max("project".count, names.map(\.count).max() ?? 0)
        let widths = columns.indices.map { column in
            max(columns[column].count, rows.map { $0[column].count }.max() ?? 0)
        }
        func line(_ name: String, _ cells: [String]) -> String {
            name.padding(to: nameWidth) + zip(cells, widths).map { "  " + $0.padded(left: $1) }.joined()
        }
        return [line("project", columns)] + zip(names, rows).map { line($0, $1) }
    }

    static func lines(_ counts: [ProjectCount], columns: [String], values: (ProjectCount) -> [Int]) -> [String] {
        lines(counts, columns: columns) { values($0).map(String.init) }
    }
}

extension String {
    /// The text with spaces after it to `width` characters.
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    /// The text with spaces before it to `width` characters.
    func padded(left width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
