/// Which to-dos wait on others still open (blocked) and which others still open wait on
/// (blocking), as Taskwarrior's urgency counts them: worked out once for a report, from the open
/// to-dos that wait on any, and nothing at all where none does.
public struct TodoBlocking: Sendable {
    private var blocked: Set<TodoID> = []
    private var blocking: Set<TodoID> = []

    /// None blocked and none blocking.
    public init() {}

    /// From `waiters`, each open to-do that waits on others with the ids it waits on: one of those
    /// that is in `todos` and open blocks it. A to-do waited on that is gone blocks nothing.
    init(waiters: [(id: TodoID, depends: [String])], in todos: TodoState) throws {
        for waiter in waiters {
            for dependency in waiter.depends {
                let id = TodoID(dependency)
                guard let other = try todos.item(id), !other.isCompleted else { continue }
                blocked.insert(waiter.id)
                blocking.insert(id)
            }
        }
    }

    // Asked of every to-do ranked: where none waits on another, nothing is hashed.
    func isBlocked(_ id: TodoID) -> Bool { !blocked.isEmpty && blocked.contains(id) }
    func isBlocking(_ id: TodoID) -> Bool { !blocking.isEmpty && blocking.contains(id) }
}
