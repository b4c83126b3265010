import Fractal

/// Forgets every entry of a history, and answers in the feature's own words: `cleared`, or
/// `notStored` with the reason where the store could not keep that.
public func createClearHistory<Entry, Answer>(
    store: Store<History<Entry>>, cleared: Answer, notStored: @escaping (String) -> Answer,
    output: @escaping Output<Answer>
) -> Input<Void> {
    { _ in
        do {
            try store.change(.clear)
            output(cleared)
        } catch {
            output(notStored("\(error)"))
        }
    }
}
