import Fractal

/// Shows one to-do, named by its id or the start of it, and which to-dos it waits on or others
/// wait on that are open: every to-do is read to tell the second, for an open one (a done one
/// blocks none).
func createShowTodo(store: Store<TodoState>, output: @escaping Output<TodoAnswer>) -> Input<String> {
    { reference in
        answering(output) {
            let todos = try read(store)
            guard let item = try todos.item(try todos.resolve(reference)) else {
                throw TodoFailure.notFound(reference: reference)
            }
            return .shown(
                item: item, abbreviation: todos.abbreviation,
                links: try todos.links(of: [item], waiters: item.isCompleted ? [] : try todos.waiters()).unlessEmpty)
        }
    }
}
