/// The file formats to-dos move in and out by.
public enum TodoFormat: String, Codable, Sendable, CaseIterable {
    /// Our own: an array of the objects `todo list --json` prints.
    case json
    /// todo.txt: one line a task.
    case todotxt
    /// The output of Taskwarrior's `task export` (import only).
    case taskwarrior
}
