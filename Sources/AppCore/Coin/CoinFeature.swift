import Essentials
import Fractal

/// The coin feature: flips coins, searches for sequences of flips, and shows or clears the history.
public func createCoinFeature(
    store: Store<CoinHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<CoinAnswer>
) -> Input<CoinCommand> {
    let flip = createFlipCoins(store: store, random: random, clock: clock, output: output)
    let flipUntil = createFlipUntil(random: random, output: output)
    let show = createShowHistory(store: store, shown: { .history(tosses: $0) }, output: output)
    let clear = createClearHistory(store: store, cleared: .historyCleared, output: output)
    return { command in
        switch command {
        case .flip(let count): flip(count)
        case .flipUntil(let sequence, let times): flipUntil((sequence, times))
        case .showHistory: show(())
        case .clearHistory: clear(())
        }
    }
}

/// The coin feature as the core registers it.
public enum CoinFeature: Feature {
    public typealias State = CoinHistory
    public static let name = "coin"

    public static func create(
        store: Store<CoinHistory>, environment: AppEnvironment, output: @escaping Output<CoinAnswer>
    ) -> Input<CoinCommand> {
        createCoinFeature(store: store, random: environment.random, clock: environment.clock, output: output)
    }

    public static let sampleCommands: [CoinCommand] = [
        .flip(count: 3), .flip(count: 70), .flip(count: 0), .flipUntil(sequence: "HT", times: 2),
        .flipUntil(sequence: "HX", times: 1), .showHistory, .clearHistory,
    ]
}

extension CoinAnswer: FailingAnswer {
    public var failure: (any AppFailure)? { if case .failed(let reason) = self { reason } else { nil } }
}

extension Named where Whole == AppState, Kind == Commands {
    /// A command to the coin feature, as the core's commands read: `.coin(…)`.
    public static func coin(_ command: CoinCommand) -> Self { Self(CoinFeature.self, command) }
}

extension Named where Whole == AppState, Kind == Answers {
    /// An answer of the coin feature, as the core's answers read: `.coin(…)`.
    public static func coin(_ answer: CoinAnswer) -> Self { Self(CoinFeature.self, answer) }
}
