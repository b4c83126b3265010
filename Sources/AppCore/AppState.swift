import Fractal

/// Everything the AppCore knows, as one value.
public struct AppState: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case coins(CoinHistory.Change)
        case eightBall(EightBallHistory.Change)
    }

    public private(set) var coins: CoinHistory
    public private(set) var eightBall: EightBallHistory

    public init(coins: CoinHistory = CoinHistory(), eightBall: EightBallHistory = EightBallHistory()) {
        self.coins = coins
        self.eightBall = eightBall
    }

    public static let initial = AppState()

    public mutating func apply(_ change: Change) throws {
        switch change {
        case .coins(let change): coins.apply(change)
        case .eightBall(let change): eightBall.apply(change)
        }
    }
}

/// The store every feature of the AppCore shares.
public typealias AppStore = Store<AppState>
