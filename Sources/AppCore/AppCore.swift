import Essentials
@_exported import Fractal
import Stores

// The AppCore is the composition of its features and nothing more. Each feature is built as it
// would be alone, then lifted in: its slice of the state, its changes, its commands and its
// answers, each embedded in the app's under the feature's name. Adding a feature is a line in
// each of the lists below, in this file only.

/// Everything the AppCore knows, as one value: each feature's slice.
public struct AppState: Changeable, Fresh {
    @Slice public private(set) var coins = CoinHistory()
    @Slice public private(set) var eightBall = EightBallHistory()
    @Slice public private(set) var dice = DiceHistory()
    @Slice public private(set) var todos = TodoState()
    @Slice public private(set) var deck = Deck()

    public enum Change: Codable, Equatable, Sendable {
        case coins(CoinHistory.Change)
        case eightBall(EightBallHistory.Change)
        case dice(DiceHistory.Change)
        case todos(TodoState.Change)
        case deck(Deck.Change)
    }

    public init() {}

    public static let initial = AppState()

    public mutating func apply(_ change: Change) throws {
        switch change {
        case .coins(let change): try _coins.apply(change)
        case .eightBall(let change): try _eightBall.apply(change)
        case .dice(let change): try _dice.apply(change)
        case .todos(let change): try _todos.apply(change)
        case .deck(let change): try _deck.apply(change)
        }
    }

    /// A change the store kept waits, in a slice not read yet, until that slice is read.
    public mutating func replay(_ change: Change) throws {
        switch change {
        case .coins(let change): try _coins.replay(change)
        case .eightBall(let change): try _eightBall.replay(change)
        case .dice(let change): try _dice.replay(change)
        case .todos(let change): try _todos.replay(change)
        case .deck(let change): try _deck.replay(change)
        }
    }

    /// Reads from the store, if it was not yet, the slice that `command`'s feature works on: a
    /// slice that cannot be read is then an error said here, not a stop where the feature reads it.
    public func load(for command: Command) throws {
        switch command {
        case .coin: _ = try $coins.load()
        case .eightBall: _ = try $eightBall.load()
        case .dice: _ = try $dice.load()
        case .todo(let command): try $todos.load().load(for: command)
        case .deck: _ = try $deck.load()
        }
    }

    /// Reads from the store every part of the state not read yet, for a reader of all of it.
    public func loadEverything() throws {
        _ = try $coins.load()
        _ = try $eightBall.load()
        _ = try $dice.load()
        try $todos.load().loadEverything()
        _ = try $deck.load()
    }
}

/// Every command a program can send: the feature's name, then its own command.
/// Read as sentences: `.coin(.flip(count: 3))`, `.todo(.add(draft: …))`.
public enum Command: Equatable, Sendable {
    case coin(CoinCommand)
    case eightBall(EightBallCommand)
    case dice(DiceCommand)
    case todo(TodoCommand)
    case deck(DeckCommand)
}

/// Every answer a program can get: the feature's name, then its own answer.
public enum Answer: Equatable, Sendable {
    case coin(CoinAnswer)
    case eightBall(EightBallAnswer)
    case dice(DiceAnswer)
    case todo(TodoAnswer)
    case deck(DeckAnswer)
}

/// The AppCore: one input that every program sends its commands to, and one output its answers
/// leave by. Each command goes to the one feature that owns it; nothing comes back in. The core
/// holds no state of its own: all of it is in `store`.
public func createAppCore(
    store: Store<AppState>, random: RandomSource, clock: TimeSource, output: @escaping Output<Answer>
) -> Input<Command> {
    // Each feature is lifted here, where every type is known, rather than through a helper generic
    // over the feature: then its view of the store and its output are plain closures of concrete
    // types, with no conversions between generic and concrete calling conventions on every message.
    let coin = Fractal.lift(
        { createCoinFeature(store: $0, random: random, clock: clock, output: $1) }, store: store,
        state: { $0.coins }, change: AppState.Change.coins, answer: Answer.coin, output: output)
    let eightBall = Fractal.lift(
        { createEightBallFeature(store: $0, random: random, clock: clock, output: $1) }, store: store,
        state: { $0.eightBall }, change: AppState.Change.eightBall, answer: Answer.eightBall, output: output)
    let dice = Fractal.lift(
        { createDiceFeature(store: $0, random: random, clock: clock, output: $1) }, store: store,
        state: { $0.dice }, change: AppState.Change.dice, answer: Answer.dice, output: output)
    let todo = Fractal.lift(
        { createTodoFeature(store: $0, random: random, clock: clock, output: $1) }, store: store,
        state: { $0.todos }, change: AppState.Change.todos, answer: Answer.todo, output: output)
    let deck = Fractal.lift(
        { createDeckFeature(store: $0, random: random, clock: clock, output: $1) }, store: store,
        state: { $0.deck }, change: AppState.Change.deck, answer: Answer.deck, output: output)
    return { command in
        switch command {
        case .coin(let command): coin(command)
        case .eightBall(let command): eightBall(command)
        case .dice(let command): dice(command)
        case .todo(let command): todo(command)
        case .deck(let command): deck(command)
        }
    }
}

// How commands and answers are written: `{"coin": {"flip": {"count": 3}}}`, the feature's name,
// then its own message, with none of the `_0` keys a synthesized coding would add.

extension Command: Codable {
    public init(from decoder: any Decoder) throws {
        let feature = try FeatureMessage(from: decoder)
        switch feature.name {
        case "coin": self = .coin(try feature.decode())
        case "eightBall": self = .eightBall(try feature.decode())
        case "dice": self = .dice(try feature.decode())
        case "todo": self = .todo(try feature.decode())
        case "deck": self = .deck(try feature.decode())
        default: throw feature.unknown(among: ["coin", "eightBall", "dice", "todo", "deck"])
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .coin(let command): try FeatureMessage.encode(command, as: "coin", to: encoder)
        case .eightBall(let command): try FeatureMessage.encode(command, as: "eightBall", to: encoder)
        case .dice(let command): try FeatureMessage.encode(command, as: "dice", to: encoder)
        case .todo(let command): try FeatureMessage.encode(command, as: "todo", to: encoder)
        case .deck(let command): try FeatureMessage.encode(command, as: "deck", to: encoder)
        }
    }
}

extension Answer: Codable {
    public init(from decoder: any Decoder) throws {
        let feature = try FeatureMessage(from: decoder)
        switch feature.name {
        case "coin": self = .coin(try feature.decode())
        case "eightBall": self = .eightBall(try feature.decode())
        case "dice": self = .dice(try feature.decode())
        case "todo": self = .todo(try feature.decode())
        case "deck": self = .deck(try feature.decode())
        default: throw feature.unknown(among: ["coin", "eightBall", "dice", "todo", "deck"])
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .coin(let answer): try FeatureMessage.encode(answer, as: "coin", to: encoder)
        case .eightBall(let answer): try FeatureMessage.encode(answer, as: "eightBall", to: encoder)
        case .dice(let answer): try FeatureMessage.encode(answer, as: "dice", to: encoder)
        case .todo(let answer): try FeatureMessage.encode(answer, as: "todo", to: encoder)
        case .deck(let answer): try FeatureMessage.encode(answer, as: "deck", to: encoder)
        }
    }
}

// How a store keeps a change: the slice's name, then the change as its feature writes it.
extension AppState.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        switch try fields.string() {
        case "coins": self = .coins(try .init(fields: &fields))
        case "eightBall": self = .eightBall(try .init(fields: &fields))
        case "dice": self = .dice(try .init(fields: &fields))
        case "todos": self = .todos(try .init(fields: &fields))
        case "deck": self = .deck(try .init(fields: &fields))
        case let other: throw StoredFieldError(field: "change", text: other)
        }
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        switch self {
        case .coins(let change): try fields.write(change, as: "coins")
        case .eightBall(let change): try fields.write(change, as: "eightBall")
        case .dice(let change): try fields.write(change, as: "dice")
        case .todos(let change): try fields.write(change, as: "todos")
        case .deck(let change): try fields.write(change, as: "deck")
        }
    }
}
