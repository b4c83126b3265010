import Fractal

/// Puts a context in use, or none: from then on every listing and report applies its words.
func createUseContext(store: Store<TodoContexts>, output: @escaping Output<TodoContextAnswer>) -> Input<String?> {
    { name in
        answering(output) {
            let context = try readingContexts(store) { contexts throws(TodoContextFailure) -> TodoContext? in
                guard let name else { return nil }
                guard let words = contexts.defined[name] else {
                    throw .unknown(name: name, known: contexts.all.map(\.name))
                }
                return TodoContext(name: name, words: words)
            }
            try keepContexts(.use(name: name), in: store)
            return .using(context: context)
        }
    }
}
