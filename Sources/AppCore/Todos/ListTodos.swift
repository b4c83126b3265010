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
            // The open to-dos that wait on others are noted as the list reads them all.
            var waiters: [(id: TodoID, depends: [String])] = []
            let items = try query.picks(in: todos, at: clock.now()) { item in
                if !item.depends.isEmpty && !item.isCompleted { waiters.append((item.id, item.depends)) }
            }
            return .listed(
                items: items, abbreviation: todos.abbreviation,
                links: try todos.links(of: items, waiters: waiters).unlessEmpty)
        }
    }
}

extension TodoQuery {
    /// The to-dos this query picks in `todos` at `now`, in its order: what `todo list` shows, and
    /// what every report counts. `reading` sees each to-do a pass over them all reads (none where
    /// the filter names ids alone, which reads only those): where the query leaves most out and
    /// the to-do was not read yet, with the fields the query looks at and `TodoFieldsRead.always`
    /// alone, those picked being read whole after.
    func picks(in todos: TodoState, at now: Date, reading: (TodoItem) -> Void = { _ in }) throws -> [TodoItem] {
        // Looking at a few fields first pays where most to-dos are left out; a query of open or all
        // to-dos and nothing else, a plain `todo list` or `todo next`, keeps most, read whole at once.
        let names = fieldsRead
        let read = status == .done || status == .waiting || names != TodoFieldsRead.always ? TodoFieldsRead(names) : nil
        guard let filter else {
            return sorted(
                try todos.items.all(reading: read) {
                    reading($0)
                    return matches($0, at: now)
                })
        }
        let picks = try filter.test(in: todos, at: now)
        let items =
            if let references = filter.onlyIDs {
                // Where they stand, as a list of them all shows them, not in the order named.
                try todos.resolve(references).sorted { todos.items.order(of: $0) < todos.items.order(of: $1) }
                    .compactMap { try todos.item($0) }.filter { matches($0, at: now) }
            } else {
                try todos.items.all(reading: read) {
                    reading($0)
                    return matches($0, at: now) && picks($0)
                }
            }
        return sorted(items)
    }
}
