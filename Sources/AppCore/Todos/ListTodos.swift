import Fractal

/// Lists the to-dos a query picks, in its order.
func createListTodos(store: Store<TodoState>, output: @escaping Output<TodoAnswer>) -> Input<TodoQuery> {
    { query in
        let todos = store.state()
        output(.listed(items: query.sorted(todos.items.values.filter(query.matches)), abbreviation: todos.abbreviation))
    }
}
