import Fractal

/// The coin feature: flips coins, searches for sequences of flips, and shows or clears the history.
public func createCoinFeature(
    store: AppStore, random: RandomSource, clock: TimeSource, output: @escaping Output<Message>
) -> Input<Message> {
    let flipper = FlipCoins(store: store, random: random, clock: clock) { response in
        switch response {
        case .flipped(let toss): output(.coin(.flipped(toss: toss)))
        case .failed(let reason): output(.coin(.failed(reason: reason)))
        }
    }
    let searcher = FlipUntil(random: random) { response in
        switch response {
        case .found(let search): output(.coin(.sequenceFound(search: search)))
        case .failed(let reason): output(.coin(.failed(reason: reason)))
        }
    }
    return { message in
        guard case .coin(let command) = message else { return }
        switch command {
        case .flip(let count):
            flipper.request(.flip(count: count))
        case .flipUntil(let sequence, let times):
            searcher.request(.flipUntil(sequence: sequence, times: times))
        case .showHistory:
            output(.coin(.history(tosses: Array(store.state().coins.tosses))))
        case .clearHistory:
            do {
                try store.change([.coins(.clear)])
                output(.coin(.historyCleared))
            } catch {
                output(.coin(.failed(reason: .notStored(reason: "\(error)"))))
            }
        case .flipped, .sequenceFound, .history, .historyCleared, .failed:
            break  // answers are for the program, not for us
        }
    }
}
