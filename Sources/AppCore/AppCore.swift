@_exported import Essentials
@_exported import Fractal
import Stores

// The AppCore is the composition of its features and nothing more: each feature's slice of the
// state, the case that embeds its change, and its registration, one line each, here. How changes
// reach their slices, how the state and its changes are coded and kept, and where each command
// goes all follow from the registration (`Composition`, `Core`).

/// Everything the AppCore knows, as one value: each feature's slice.
public struct AppState: Composition, StoredState {
    @Slice public private(set) var coins = CoinHistory()
    @Slice public private(set) var eightBall = EightBallHistory()
    @Slice public private(set) var dice = DiceHistory()
    @Slice public private(set) var todos = TodoState()
    @Slice public private(set) var deck = Deck()
    @Slice public private(set) var todoContexts = TodoContexts()

    /// A change of one slice.
    public enum Change: StoredChange {
        public typealias Whole = AppState

        case coins(CoinHistory.Change)
        case eightBall(EightBallHistory.Change)
        case dice(DiceHistory.Change)
        case todos(TodoState.Change)
        case deck(Deck.Change)
        case todoContexts(TodoContexts.Change)

        // As a store keeps it, through the registration walked specialized (see `apply` below).
        public init(fields: inout BinaryFieldReader) throws { try self.init(storedFields: &fields) }
        public func write(fields: inout BinaryFieldWriter) throws { try writeStored(fields: &fields) }
    }

    /// The features, each registered once: its type, its slice and the name that slice is stored
    /// under (a name, once stored, is never changed: a store keeps it), and its change embedded.
    public typealias Environment = AppEnvironment

    public static func register(_ features: inout some FeatureRegistry<AppState>) {
        features.add(
            CoinFeature.self, stored: "coins", read: { $0._coins }, change: { try $1(&$0._coins) },
            embed: Change.coins, extract: { if case .coins(let change) = $0 { change } else { nil } })
        features.add(
            EightBallFeature.self, stored: "eightBall", read: { $0._eightBall }, change: { try $1(&$0._eightBall) },
            embed: Change.eightBall, extract: { if case .eightBall(let change) = $0 { change } else { nil } })
        features.add(
            DiceFeature.self, stored: "dice", read: { $0._dice }, change: { try $1(&$0._dice) },
            embed: Change.dice, extract: { if case .dice(let change) = $0 { change } else { nil } })
        features.add(
            TodoFeature.self, stored: "todos", read: { $0._todos }, change: { try $1(&$0._todos) },
            embed: Change.todos, extract: { if case .todos(let change) = $0 { change } else { nil } })
        features.add(
            DeckFeature.self, stored: "deck", read: { $0._deck }, change: { try $1(&$0._deck) },
            embed: Change.deck, extract: { if case .deck(let change) = $0 { change } else { nil } })
        features.add(
            TodoContextFeature.self, stored: "todoContexts", read: { $0._todoContexts },
            change: { try $1(&$0._todoContexts) }, embed: Change.todoContexts,
            extract: { if case .todoContexts(let change) = $0 { change } else { nil } })
    }

    public init() {}

    public static let initial = AppState()

    // Here, where the registration is seen whole, so that a change reaches its slice in
    // straight-line code, as a `switch` would take it there (see `Composition.reach`).
    public mutating func apply(_ change: Change) throws { try reach(change, replaying: false) }
    public mutating func replay(_ change: Change) throws { try reach(change, replaying: true) }
    // And the state's coding (`Composition.init(slicesFrom:)`).
    public init(from decoder: any Decoder) throws { try self.init(slicesFrom: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeSlices(to: encoder) }

    /// An undo or a redo of to-dos, whose replay reads the whole undo history, is taken into a
    /// snapshot at once (`TodoState.isWorthASnapshot`).
    public static func isWorthASnapshot(_ change: Change) -> Bool {
        if case .todos(let change) = change { TodoState.isWorthASnapshot(change) } else { false }
    }
}

/// What the core builds every feature with beside its store: chance and time, each passed in so
/// that every run can be replayed.
public struct AppEnvironment: Sendable {
    public let random: RandomSource
    public let clock: TimeSource

    public init(random: RandomSource, clock: TimeSource) {
        (self.random, self.clock) = (random, clock)
    }
}

/// A command to any feature, named: `{"coin": {"flip": {"count": 3}}}`. Programs send their own
/// feature's commands by type (`Core.connect(_:answers:)`, `Session.send(_:to:)`); scenarios,
/// recordings and other readers of commands as data send these.
public typealias Command = AnyCommand<AppState>

/// An answer from any feature, named as a command is.
public typealias Answer = AnyAnswer<AppState>

/// The AppCore: the one store and what its features are built with, for a program's whole run.
/// A program connects to the features it uses once (`Core.connect`), and each of its commands goes
/// to the one feature that owns it, whose answers come out to the program.
public func createAppCore(store: Store<AppState>, random: RandomSource, clock: TimeSource) -> Core<AppState> {
    Core(store: store, environment: AppEnvironment(random: random, clock: clock))
}

/// The AppCore as one module, of the shape every module has: commands in, answers out, each
/// named by its feature (`.coin(.flip(count: 3))`); every feature built once, here.
public func createAppCore(
    store: Store<AppState>, random: RandomSource, clock: TimeSource, output: @escaping Output<Answer>
) -> Input<Command> {
    createAppCore(store: store, random: random, clock: clock).connect(answers: output)
}
