import Essentials
import Fractal

/// The 8-Ball feature: answers questions and shows or clears its history.
public func createEightBallFeature(
    store: Store<EightBallHistory>, random: RandomSource, clock: TimeSource, output: @escaping Output<EightBallAnswer>
) -> Input<EightBallCommand> {
    let ask = createAskEightBall(store: store, random: random, clock: clock, output: output)
    let show = createShowHistory(store: store, shown: { .history(answers: $0) }, output: output)
    let clear = createClearHistory(store: store, cleared: .historyCleared, output: output)
    return { command in
        switch command {
        case .ask(let question): ask(question)
        case .showHistory: show(())
        case .clearHistory: clear(())
        }
    }
}

/// The Magic 8-Ball as the core registers it.
public enum EightBallFeature: Feature {
    public typealias State = EightBallHistory
    public static let name = "eightBall"

    public static func create(
        store: Store<EightBallHistory>, environment: AppEnvironment, output: @escaping Output<EightBallAnswer>
    ) -> Input<EightBallCommand> {
        createEightBallFeature(store: store, random: environment.random, clock: environment.clock, output: output)
    }

    public static let sampleCommands: [EightBallCommand] = [
        .ask(question: "Will it work?"), .ask(question: ""), .showHistory, .clearHistory,
    ]
}

extension EightBallAnswer: FailingAnswer {
    public var failure: (any AppFailure)? { if case .failed(let reason) = self { reason } else { nil } }
}

extension Named where Whole == AppState, Kind == Commands {
    /// A command to the eightBall feature, as the core's commands read: `.eightBall(…)`.
    public static func eightBall(_ command: EightBallCommand) -> Self { Self(EightBallFeature.self, command) }
}

extension Named where Whole == AppState, Kind == Answers {
    /// An answer of the eightBall feature, as the core's answers read: `.eightBall(…)`.
    public static func eightBall(_ answer: EightBallAnswer) -> Self { Self(EightBallFeature.self, answer) }
}
