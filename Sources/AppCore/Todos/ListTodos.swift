import Fractal

/// Lists the to-dos a query picks, in its order.
func createListTodos(store: Store<TodoState>, output: @escaping Output<TodoAnswer>) -> Input<TodoQuery> {
    { query in
        answering(output) {
            let todos = try read(store)
            return .listed(
                items: query.sorted(try todos.items.all(where: query.matches)), abbreviation: todos.abbreviation)
        }
    }
}
