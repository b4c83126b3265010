import Essentials
import Fractal

/// Counts the to-dos a query picks in each project, open and done, each counted in its project
/// and in every project above it: `home` counts `home.garden`'s too, as Taskwarrior's `task
/// projects` and `task summary` do. The projects come in the order of their names, each just
/// before those under it; those in none come first. As Taskwarrior's reports, a to-do waiting
/// counts as open, but only a project with an open to-do not waiting, in it or under it, is named,
/// and a to-do that has expired is counted nowhere: Taskwarrior deletes it.
func createCountProjects(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let now = clock.now()
            var open: [String: Int] = [:]
            var done: [String: Int] = [:]
            var named: Set<String> = []
            var none = (open: 0, done: 0, named: false)
            for item in try query.picks(in: todos, at: now) where !item.hasExpired(at: now) {
                let names = !item.isCompleted && !item.isWaiting(at: now)
                guard let project = item.project else {
                    if item.isCompleted { none.done += 1 } else { none.open += 1 }
                    none.named = none.named || names
                    continue
                }
                for path in ProjectCount.paths(of: project) {
                    if item.isCompleted { done[path, default: 0] += 1 } else { open[path, default: 0] += 1 }
                    if names { named.insert(path) }
                }
            }
            let counts = named.sorted(by: ProjectCount.treeOrder).map {
                ProjectCount(project: $0, open: open[$0] ?? 0, done: done[$0] ?? 0)
            }
            let unnamed = none.named ? [ProjectCount(project: nil, open: none.open, done: none.done)] : []
            return .projects(counts: unnamed + counts)
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
