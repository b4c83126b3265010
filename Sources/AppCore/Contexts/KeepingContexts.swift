import Fractal
import Stores

/// The answer `work` gives, or the failure it meets, said as the contexts feature says it.
func answeringContexts(_ output: Output<TodoContextAnswer>, _ work: () throws -> TodoContextAnswer) {
    do {
        output(try work())
    } catch let failure as TodoContextFailure {
        output(.failed(reason: failure))
    } catch StoreError.unreadable(_, let reason) {
        output(.failed(reason: .unreadable(reason: reason)))
    } catch let unreadable as UnreadableSlice {
        output(.failed(reason: .unreadable(reason: unreadable.reason)))
    } catch {
        output(.failed(reason: .unreadable(reason: "\(error)")))
    }
}

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
