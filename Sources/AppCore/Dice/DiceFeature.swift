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
    let show = createShowHistory(store: store, shown: { .history(rolls: $0) }, output: output)
    let clear = createClearHistory(store: store, cleared: .historyCleared, output: output)
    return { command in
        switch command {
        case .roll(let expression, let times, let criticalFrom): roll((expression, times, criticalFrom))
        case .tally(let expression, let times): tally((expression, times))
        case .weigh(let expression): weigh(expression)
        case .showHistory: show(())
        case .clearHistory: clear(())
        }
    }
}

/// The dice feature as the core registers it.
public enum DiceFeature: Feature {
    public typealias State = DiceHistory
    public static let name = "dice"

    public static func create(
        store: Store<DiceHistory>, environment: AppEnvironment, output: @escaping Output<DiceAnswer>
    ) -> Input<DiceCommand> {
        createDiceFeature(store: store, random: environment.random, clock: environment.clock, output: output)
    }

    public static let sampleCommands: [DiceCommand] = [
        .roll(expression: "4d6kh3+2", times: 1), .roll(expression: "2d6", times: 3),
        .roll(expression: "d20", times: 1_001),
        .roll(expression: "3d", times: 1),
        .roll(expression: "1d20+5 [attack] 2d6+3 [slashing] + 1d6 [fire] # longsword", times: 1, criticalFrom: 19),
        .tally(expression: "3d6", times: 10), .weigh(expression: "2d6"),
        .showHistory, .clearHistory,
    ]
}

extension DiceAnswer: FailingAnswer {
    public var failure: (any AppFailure)? { if case .failed(let reason) = self { reason } else { nil } }
}

extension Named where Whole == AppState, Kind == Commands {
    /// A command to the dice feature, as the core's commands read: `.dice(…)`.
    public static func dice(_ command: DiceCommand) -> Self { Self(DiceFeature.self, command) }
}

extension Named where Whole == AppState, Kind == Answers {
    /// An answer of the dice feature, as the core's answers read: `.dice(…)`.
    public static func dice(_ answer: DiceAnswer) -> Self { Self(DiceFeature.self, answer) }
}
