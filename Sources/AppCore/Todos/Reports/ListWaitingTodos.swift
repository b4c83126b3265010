import Essentials
import Fractal

/// Lists the to-dos a query picks that wait until a moment still to come, the first to show
/// again at the top.
func createListWaitingTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let now = clock.now()
            let waiting = try query.picks(in: todos, at: now).filter { $0.isWaiting(at: now) }.enumerated().sorted {
                ($0.element.wait?.milliseconds ?? 0, $0.offset) < ($1.element.wait?.milliseconds ?? 0, $1.offset)
            }
            return .listed(items: waiting.map(\.element), abbreviation: todos.abbreviation, links: nil)
        }
    }
}
