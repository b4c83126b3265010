import Essentials
import Fractal

/// The coin feature: flips coins, searches for sequences of flips, and shows or clears the history.
public func createCoinFeature(
    store: Store<CoinHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<CoinAnswer>
) -> Input<CoinCommand> {
    let flip = createFlipCoins(store: store, random: random, clock: clock, output: output)
    let flipUntil = createFlipUntil(random: random, output: output)
    let show = createShowHistory(store: store) { output(.history(tosses: $0)) }
    let clear = createClearHistory(
        store: store, cleared: .historyCleared, notStored: { .failed(reason: .notStored(reason: $0)) }, output: output)
    return { command in
        switch command {
        case .flip(let count): flip(count)
        case .flipUntil(let sequence, let times): flipUntil((sequence, times))
        case .showHistory: show(())
        case .clearHistory: clear(())
        }
    }
}
