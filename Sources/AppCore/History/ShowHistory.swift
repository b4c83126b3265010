import Fractal

/// Shows a history: every entry, oldest first.
public func createShowHistory<Entry>(
    store: Store<History<Entry>>, output: @escaping Output<[Entry]>
) -> Input<Void> {
    { _ in output(Array(store.state().entries)) }
}
