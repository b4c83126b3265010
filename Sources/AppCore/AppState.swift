import Fractal

/// Everything the AppCore knows, as one value.
public struct AppState: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case coins(CoinHistory.Change)
        case eightBall(EightBallHistory.Change)
        case dice(DiceHistory.Change)
        case todos(TodoState.Change)
    }

    public private(set) var coins: CoinHistory
    public private(set) var eightBall: EightBallHistory
    public private(set) var dice: DiceHistory
    public private(set) var todos: TodoState

    public init(
        coins: CoinHistory = CoinHistory(), eightBall: EightBallHistory = EightBallHistory(),
        dice: DiceHistory = DiceHistory(), todos: TodoState = TodoState()
    ) {
        self.coins = coins
        self.eightBall = eightBall
        self.dice = dice
        self.todos = todos
    }

    public static let initial = AppState()

    public mutating func apply(_ change: Change) throws {
        switch change {
        case .coins(let change): coins.apply(change)
        case .eightBall(let change): eightBall.apply(change)
        case .dice(let change): dice.apply(change)
        case .todos(let change): try todos.apply(change)
        }
    }
}

/// The store every feature of the AppCore shares.
public typealias AppStore = Store<AppState>
