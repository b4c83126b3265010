/// The coin's state: the last tosses, oldest first.
public typealias CoinHistory = History<CoinToss>

extension CoinToss: HistoryEntry {
    public static var historyName: String { "tosses" }
}
