import Essentials
import Fractal

/// Flips `count` fair coins with the injected random source and keeps the toss in the history.
func createFlipCoins(
    store: Store<CoinHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<CoinAnswer>
) -> Input<Int> {
    { count in
        guard (1...CoinLimits.flips).contains(count) else {
            return output(.failed(reason: .countOutOfRange(count: count, limit: CoinLimits.flips)))
        }
        let toss = CoinToss(count: count, at: clock.now()) { random.uniform(below: 2) == 0 ? .heads : .tails }
        answering(output) {
            try store.change(.record(toss))
            return .flipped(toss: toss)
        }
    }
}
