import Fractal

/// The dice feature: rolls dice notation, weighs its exact distribution, and shows or clears the
/// history of rolls.
public func createDiceFeature(
    store: AppStore, random: RandomSource, clock: TimeSource, output: @escaping Output<Message>
) -> Input<Message> {
    let roller = RollDice(store: store, random: random, clock: clock) { response in
        switch response {
        case .rolled(let roll): output(.dice(.rolled(roll: roll)))
        case .failed(let reason): output(.dice(.failed(reason: reason)))
        }
    }
    let weigher = WeighDice { response in
        switch response {
        case .weighed(let statistics): output(.dice(.weighed(statistics: statistics)))
        case .failed(let reason): output(.dice(.failed(reason: reason)))
        }
    }
    return { message in
        guard case .dice(let command) = message else { return }
        switch command {
        case .roll(let expression, let times):
            roller.request(.roll(expression: expression, times: times))
        case .weigh(let expression):
            weigher.request(.weigh(expression: expression))
        case .showHistory:
            output(.dice(.history(rolls: Array(store.state().dice.rolls))))
        case .clearHistory:
            do {
                try store.change([.dice(.clear)])
                output(.dice(.historyCleared))
            } catch {
                output(.dice(.failed(reason: .notStored(reason: "\(error)"))))
            }
        case .rolled, .weighed, .history, .historyCleared, .failed:
            break  // answers are for the program, not for us
        }
    }
}
