import Essentials
import Fractal

/// Lists the to-dos a query picks, in its order, as they stand now: what waits or has expired is
/// told by the clock. A filter of ids alone reads those to-dos and no other.
func createListTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let now = clock.now()
            guard let filter = query.filter else {
                return .listed(
                    items: query.sorted(try todos.items.all { query.matches($0, at: now) }),
                    abbreviation: todos.abbreviation)
            }
            let picks = try filter.test(in: todos, at: now)
            let items =
                if let references = filter.onlyIDs {
                    // Where they stand, as a list of them all shows them, not in the order named.
                    try todos.resolve(references).sorted { todos.items.order(of: $0) < todos.items.order(of: $1) }
                        .compactMap { try todos.item($0) }.filter { query.matches($0, at: now) }
                } else {
                    try todos.items.all { query.matches($0, at: now) && picks($0) }
                }
            return .listed(items: query.sorted(items), abbreviation: todos.abbreviation)
        }
    }
}
