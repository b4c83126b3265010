import Essentials
import Fractal

/// The dice feature: rolls dice notation, weighs its exact distribution, and shows or clears the
/// history of rolls.
public func createDiceFeature(
    store: Store<DiceHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<DiceAnswer>
) -> Input<DiceCommand> {
    let roll = createRollDice(store: store, random: random, clock: clock, output: output)
    let tally = createTallyDice(random: random, output: output)
    let weigh = createWeighDice(output: output)
    let show = createShowHistory(store: store) { output(.history(rolls: $0)) }
    let clear = createClearHistory(
        store: store, cleared: .historyCleared, notStored: { .failed(reason: .notStored(reason: $0)) }, output: output)
    return { command in
        switch command {
        case .roll(let expression, let times): roll((expression, times))
        case .tally(let expression, let times): tally((expression, times))
        case .weigh(let expression): weigh(expression)
        case .showHistory: show(())
        case .clearHistory: clear(())
        }
    }
}
