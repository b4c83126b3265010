import Fractal

/// Forgets a context; if it was in use, listings show every to-do again.
func createDeleteContext(store: Store<TodoContexts>, output: @escaping Output<TodoContextAnswer>) -> Input<String> {
    { name in
        answering(output) {
            let wasInUse = try readingContexts(store) { contexts throws(TodoContextFailure) in
                guard contexts.defined[name] != nil else {
                    throw .unknown(name: name, known: contexts.all.map(\.name))
                }
                return contexts.current == name
            }
            try keepContexts(.delete(name: name), in: store)
            return .deleted(name: name, wasInUse: wasInUse)
        }
    }
}
