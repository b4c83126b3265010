import Fractal

/// Shows one to-do, named by its id or the start of it, and which of the to-dos it waits on are
/// open: those pages alone are read. Which wait on it would take reading every to-do (at 100,000,
/// thirty times what showing one costs), so `todo list +BLOCKING` tells that, not `show`.
func createShowTodo(store: Store<TodoState>, output: @escaping Output<TodoAnswer>) -> Input<String> {
    { reference in
        answering(output) {
            let todos = try read(store)
            guard let item = try todos.item(try todos.resolve(reference)) else {
                throw TodoFailure.notFound(reference: reference)
            }
            return .shown(
                item: item, abbreviation: todos.abbreviation,
                links: try todos.links(of: [item], waiters: []).unlessEmpty)
        }
    }
}
