/// The file formats to-dos move in and out by.
public enum TodoFormat: String, Codable, Sendable, CaseIterable {
    /// Our own: an array of the objects `todo list --json` prints.
    case json
    /// todo.txt: one line a task.
    case todotxt
    /// What Taskwarrior's `task export` writes and `task import` reads.
    case taskwarrior
}
