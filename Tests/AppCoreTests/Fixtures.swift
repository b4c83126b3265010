import AppCore
import Essentials
import Foundation

/// A moment every test may pin its clock to: 2026-11-22 12:00:00 UTC.
let noon = Date(milliseconds: 1_795_348_800_000)

/// A module built alone, as it would be in a program: on a fresh memory store of its own state,
/// with a fixed seed and clock; and every answer it gave. The same harness serves a feature and
/// the whole core, which have the same shape.
struct ModuleUnderTest<State: Changeable, In, Out> {
    let store: Store<State>
    let send: Input<In>
    let received: () -> [Out]

    init(
        initial: State, seed: UInt64, clock: TimeSource,
        _ create: (Store<State>, RandomSource, TimeSource, @escaping Output<Out>) -> Input<In>
    ) {
        var heard: [Out] = []
        store = createMemoryStore(initial: initial)
        send = create(store, .seeded(seed), clock) { heard.append($0) }
        received = { heard }
    }
}

/// The fresh state of a feature, or of the whole app, as its module starts.
extension ModuleUnderTest where State: Fresh {
    init(
        seed: UInt64 = 1, clock: TimeSource = .fixed(noon),
        _ create: (Store<State>, RandomSource, TimeSource, @escaping Output<Out>) -> Input<In>
    ) {
        self.init(initial: State(), seed: seed, clock: clock, create)
    }
}

typealias CoreUnderTest = ModuleUnderTest<AppState, Command, Answer>
typealias CoinUnderTest = ModuleUnderTest<CoinHistory, CoinCommand, CoinAnswer>
typealias EightBallUnderTest = ModuleUnderTest<EightBallHistory, EightBallCommand, EightBallAnswer>
typealias DiceUnderTest = ModuleUnderTest<DiceHistory, DiceCommand, DiceAnswer>
typealias TodosUnderTest = ModuleUnderTest<TodoState, TodoCommand, TodoAnswer>

extension ModuleUnderTest where State == AppState, In == Command, Out == Answer {
    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon)) {
        self.init(seed: seed, clock: clock, createAppCore)
    }
}

extension ModuleUnderTest where State == CoinHistory, In == CoinCommand, Out == CoinAnswer {
    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon)) { self.init(seed: seed, clock: clock, createCoinFeature) }
}

extension ModuleUnderTest where State == EightBallHistory, In == EightBallCommand, Out == EightBallAnswer {
    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon)) {
        self.init(seed: seed, clock: clock, createEightBallFeature)
    }
}

extension ModuleUnderTest where State == DiceHistory, In == DiceCommand, Out == DiceAnswer {
    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon)) { self.init(seed: seed, clock: clock, createDiceFeature) }
}

extension ModuleUnderTest where State == TodoState, In == TodoCommand, Out == TodoAnswer {
    init(seed: UInt64 = 1, clock: TimeSource = .fixed(noon)) { self.init(seed: seed, clock: clock, createTodoFeature) }
}
