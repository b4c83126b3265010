import Fractal

/// Shows a history, oldest first, as the feature's answer `shown`; as `unreadable`, with why, when
/// the store cannot read it.
public func createShowHistory<Entry, Answer>(
    store: Store<History<Entry>>, shown: @escaping ([Entry]) -> Answer, unreadable: @escaping (String) -> Answer,
    output: @escaping Output<Answer>
) -> Input<Void> {
    { _ in
        do {
            output(shown(Array(try store.state().entries)))
        } catch {
            output(unreadable("\(error)"))
        }
    }
}
