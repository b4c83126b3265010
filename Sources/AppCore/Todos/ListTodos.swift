import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Lists the to-dos a query picks, in its order, as they stand now: what waits or has expired is
/// told by the clock, and which are blocked or blocking by the to-dos they wait on. A filter of ids
/// alone reads those to-dos and no other, so it tells which are blocked, not which block others.
func createListTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let now = clock.now()
            // The open to-dos that wait on others are noted as the list reads them all.
            var waiters: [(id: TodoID, depends: [String])] = []
            func picked(_ item: TodoItem, _ picks: (TodoItem) -> Bool) -> Bool {
                if !item.depends.isEmpty && !item.isCompleted { waiters.append((item.id, item.depends)) }
                return query.matches(item, at: now) && picks(item)
            }
            guard let filter = query.filter else {
                let items = query.sorted(try todos.items.all { picked($0) { _ in true } })
                return .listed(
                    items: items, abbreviation: todos.abbreviation,
                    links: try todos.links(of: items, waiters: waiters).unlessEmpty)
            }
            let picks = try filter.test(in: todos, at: now)
            let items =
                if let references = filter.onlyIDs {
                    // Where they stand, as a list of them all shows them, not in the order named.
                    try todos.resolve(references).sorted { todos.items.order(of: $0) < todos.items.order(of: $1) }
                        .compactMap { try todos.item($0) }.filter { query.matches($0, at: now) }
                } else {
                    try todos.items.all { picked($0, picks) }
                }
            let sorted = query.sorted(items)
            return .listed(
                items: sorted, abbreviation: todos.abbreviation,
                links: try todos.links(of: sorted, waiters: waiters).unlessEmpty)
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
