import Fractal

/// Flips fair coins with the injected random source and keeps the toss in the history.
public struct FlipCoins: UseCase {
    public enum Request {
        case flip(count: Int)
    }

    public enum Response {
        case flipped(CoinToss)
        case failed(CoinFailure)
    }

    /// The most flips one command may ask for: enough for any experiment, small enough to store.
    public static let countLimit = 100_000

    let store: AppStore
    let random: RandomSource
    let clock: TimeSource
    let respond: Output<Response>

    public func request(_ request: Request) {
        switch request {
        case .flip(let count):
            guard (1...Self.countLimit).contains(count) else {
                return respond(.failed(.countOutOfRange(count: count, limit: Self.countLimit)))
            }
            let flips = (0..<count).map { _ in random.uniform(below: 2) == 0 ? CoinSide.heads : .tails }
            let toss = CoinToss(flips: flips, at: clock.now())
            do {
                try store.change([.coins(.record(toss))])
                respond(.flipped(toss))
            } catch {
                respond(.failed(.notStored(reason: "\(error)")))
            }
        }
    }
}
