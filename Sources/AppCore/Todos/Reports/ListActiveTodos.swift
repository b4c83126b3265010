import Essentials
import Fractal

/// Lists the to-dos a query picks that are being worked on, started and not done, those started
/// first at the top.
func createListActiveTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            let active = try query.picks(in: todos, at: clock.now()).filter(\.isActive).enumerated().sorted {
                ($0.element.started?.milliseconds ?? 0, $0.offset) < ($1.element.started?.milliseconds ?? 0, $1.offset)
            }
            return .listed(items: active.map(\.element), abbreviation: todos.abbreviation, links: nil)
        }
    }
}
