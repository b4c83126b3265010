/// Lifts a part into a bigger module: the one combinator that composes the fractal.
///
/// `create` builds the part from a store of its own state and an output of its own answers, as
/// it would be built alone. Lifted, it gets a view of the whole store (`state` reads its slice,
/// `change` embeds its changes) and its answers leave embedded in the whole's (`answer`). What
/// comes back is the part's own input: the whole routes each of its commands to the one part
/// that owns it, and nothing travels back in.
///
///     let coin = lift({ createCoinFeature(store: $0, random: random, clock: clock, output: $1) },
///                     store: store, state: { $0.coins }, change: AppState.Change.coins,
///                     answer: Answer.coin, output: output)
@inlinable
public func lift<Whole: Changeable, Part: Changeable, Command, Answer, WholeAnswer>(
    _ create: (_ store: Store<Part>, _ output: @escaping Output<Answer>) -> Input<Command>,
    store: Store<Whole>,
    state: @escaping @Sendable (Whole) -> Part,
    change: @escaping @Sendable (Part.Change) -> Whole.Change,
    answer: @escaping (Answer) -> WholeAnswer,
    output: @escaping Output<WholeAnswer>
) -> Input<Command> {
    create(scope(store, to: state, change: change)) { output(answer($0)) }
}
