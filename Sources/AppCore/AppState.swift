import Fractal

/// Everything the AppCore knows, as one value.
public struct AppState: Changeable {
    public enum Change: Codable, Equatable, Sendable {
        case coins(CoinHistory.Change)
    }

    public private(set) var coins: CoinHistory

    public init(coins: CoinHistory = CoinHistory()) {
        self.coins = coins
    }

    public static let initial = AppState()

    public mutating func apply(_ change: Change) throws {
        switch change {
        case .coins(let change): coins.apply(change)
        }
    }
}

/// The store every feature of the AppCore shares.
public typealias AppStore = Store<AppState>
