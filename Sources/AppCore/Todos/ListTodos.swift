import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Lists the to-dos a query picks, in its order, as they stand now: what waits or has expired is
/// told by the clock. A filter of ids alone reads those to-dos and no other.
func createListTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            return .listed(items: try query.picks(in: todos, at: clock.now()), abbreviation: todos.abbreviation)
        }
    }
}

extension TodoQuery {
    /// The to-dos this query picks in `todos` at `now`, in its order: what `todo list` shows, and
    /// what every report counts.
    func picks(in todos: TodoState, at now: Date) throws -> [TodoItem] {
        guard let filter else { return sorted(try todos.items.all { matches($0, at: now) }) }
        let picks = try filter.test(in: todos, at: now)
        let items =
            if let references = filter.onlyIDs {
                // Where they stand, as a list of them all shows them, not in the order named.
                try todos.resolve(references).sorted { todos.items.order(of: $0) < todos.items.order(of: $1) }
                    .compactMap { try todos.item($0) }.filter { matches($0, at: now) }
            } else {
                try todos.items.all { matches($0, at: now) && picks($0) }
            }
        return sorted(items)
    }
}
