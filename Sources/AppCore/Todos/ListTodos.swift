import Essentials
import Fractal

/// Lists the to-dos a query picks, in its order, as they stand now: what waits or has expired is
/// told by the clock.
func createListTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let now = clock.now()
            return .listed(
                items: query.sorted(try todos.items.all { query.matches($0, at: now) }),
                abbreviation: todos.abbreviation)
        }
    }
}
