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
            let ranked = try query.picks(in: todos, at: now).enumerated().map { offset, item in
                (RankedTodo(item: item, urgency: item.urgency(at: now, in: clock.timeZone)), offset)
            }
            .sorted { ($0.0.urgency, $1.1) > ($1.0.urgency, $0.1) }.map(\.0)
            return .ranked(items: ranked, abbreviation: todos.abbreviation)
        }
    }
}
