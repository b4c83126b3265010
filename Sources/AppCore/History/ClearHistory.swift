import Fractal

/// Forgets every entry of a history, and answers `cleared`, or the feature's failure, in its own
/// words, where the store could not keep that.
func createClearHistory<Entry, Answer: FailedAnswer>(
    store: Store<History<Entry>>, cleared: Answer, output: @escaping Output<Answer>
) -> Input<Void> {
    { _ in
        answering(output) {
            try store.change(.clear)
            return cleared
        }
    }
}
