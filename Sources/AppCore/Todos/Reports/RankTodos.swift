import Essentials
import Fractal

/// Ranks the to-dos a query picks by urgency, most urgent first (`UrgencyTerm`); those equally
/// urgent keep the query's order.
func createRankTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let now = clock.now()
            // The open to-dos that wait on others are noted as the pass over them all reads them;
            // which are blocked and blocking is worked out from those alone, once.
            var waiters: [(id: TodoID, depends: [String])] = []
            func note(_ item: TodoItem) {
                if !item.depends.isEmpty && !item.isCompleted { waiters.append((item.id, item.depends)) }
            }
            let picked = try query.picks(in: todos, at: now, reading: note)
            // A filter of ids alone reads those to-dos and no other: what waits on them takes a
            // pass of its own.
            if query.filter?.onlyIDs != nil {
                _ = try todos.items.all(reading: TodoFieldsRead(TodoFieldsRead.always)) {
                    note($0)
                    return false
                }
            }
            let blocking = waiters.isEmpty ? TodoBlocking() : try TodoBlocking(waiters: waiters, in: todos)
            // Their places are sorted, not the to-dos, which are large values to move.
            let urgencies = picked.map { $0.urgency(at: now, in: clock.timeZone, blocking: blocking) }
            let ranked = urgencies.indices.sorted { (urgencies[$0], $1) > (urgencies[$1], $0) }.map {
                RankedTodo(item: picked[$0], urgency: urgencies[$0])
            }
            return .ranked(items: ranked, abbreviation: todos.abbreviation)
        }
    }
}
