import Essentials
import Fractal

/// Counts the to-dos a query picks in each project, open and done, each counted in its project
/// and in every project above it: `home` counts `home.garden`'s too, as Taskwarrior's `task
/// projects` and `task summary` do. The projects come in the order of their names, each just
/// before those under it; those in none come first. Only projects with an open to-do are named,
/// as Taskwarrior's reports name them.
func createCountProjects(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            var open: [String: Int] = [:]
            var done: [String: Int] = [:]
            var none = (open: 0, done: 0)
            for item in try query.picks(in: todos, at: clock.now()) {
                guard let project = item.project else {
                    if item.isCompleted { none.done += 1 } else { none.open += 1 }
                    continue
                }
                for path in ProjectCount.paths(of: project) {
                    if item.isCompleted { done[path, default: 0] += 1 } else { open[path, default: 0] += 1 }
                }
            }
            let named = open.keys.sorted(by: ProjectCount.treeOrder).map {
                ProjectCount(project: $0, open: open[$0] ?? 0, done: done[$0] ?? 0)
            }
            let unnamed = none.open > 0 ? [ProjectCount(project: nil, open: none.open, done: none.done)] : []
            return .projects(counts: unnamed + named)
        }
    }
}

extension ProjectCount {
    /// `work.reports.q4`'s projects, from the top: `work`, `work.reports`, `work.reports.q4`.
    static func paths(of project: String) -> [String] {
        var paths: [String] = []
        var path = ""
        for part in project.split(separator: ".", omittingEmptySubsequences: false) {
            path = path.isEmpty && paths.isEmpty ? String(part) : path + "." + part
            paths.append(path)
        }
        return paths
    }

    /// Whether `left` comes before `right` in a tree of projects: by their parts, so that
    /// `work.reports` comes before `work-old`, whose `-` sorts before the dot.
    static func treeOrder(_ left: String, _ right: String) -> Bool {
        left.split(separator: ".", omittingEmptySubsequences: false).lexicographicallyPrecedes(
            right.split(separator: ".", omittingEmptySubsequences: false))
    }
}
