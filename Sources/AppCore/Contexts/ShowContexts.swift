import Fractal

/// Every context and the one in use, or only the one in use, which each listing asks for first.
func createShowContexts(
    store: Store<TodoContexts>, output: @escaping Output<TodoContextAnswer>
) -> Input<Bool> {
    { all in
        answering(output) {
            try readingContexts(store) { contexts in
                all ? .listed(contexts: contexts.all, current: contexts.current) : .current(context: contexts.inUse)
            }
        }
    }
}
