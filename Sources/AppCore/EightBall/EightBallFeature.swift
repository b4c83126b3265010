import Essentials
import Fractal

/// The 8-Ball feature: answers questions and shows or clears its history.
public func createEightBallFeature(
    store: Store<EightBallHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<EightBallAnswer>
) -> Input<EightBallCommand> {
    let ask = createAskEightBall(store: store, random: random, clock: clock, output: output)
    let show = createShowHistory(store: store) { output(.history(answers: $0)) }
    let clear = createClearHistory(
        store: store, cleared: .historyCleared, notStored: { .failed(reason: .notStored(reason: $0)) }, output: output)
    return { command in
        switch command {
        case .ask(let question): ask(question)
        case .showHistory: show(())
        case .clearHistory: clear(())
        }
    }
}
