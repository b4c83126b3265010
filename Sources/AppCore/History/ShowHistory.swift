import Fractal

/// Shows a history, oldest first, as the feature's answer `shown`; as its failure, in its own
/// words, when the store cannot read it.
func createShowHistory<Entry, Answer: FailedAnswer>(
    store: Store<History<Entry>>, shown: @escaping ([Entry]) -> Answer, output: @escaping Output<Answer>
) -> Input<Void> {
    { _ in answering(output) { shown(Array(try store.state().entries)) } }
}
