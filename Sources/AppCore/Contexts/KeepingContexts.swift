import Fractal
import Stores

/// What `read` makes of the contexts the store holds.
func readingContexts<Value>(
    _ store: Store<TodoContexts>, _ read: (TodoContexts) throws(TodoContextFailure) -> Value
) throws -> Value {
    try read(try store.state())
}

/// Keeps a change, a failure to keep it said as one.
func keepContexts(_ change: TodoContexts.Change, in store: Store<TodoContexts>) throws(TodoContextFailure) {
    try keep(change, in: store, failing: TodoContextFailure.self)
}
