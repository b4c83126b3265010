import AppCore
import ProgramKit

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
