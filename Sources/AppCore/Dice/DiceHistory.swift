/// The dice's state: the last rolls, oldest first, each with its totals only.
public typealias DiceHistory = History<DiceRoll>

extension DiceRoll: HistoryEntry {
    public static var historyName: String { "rolls" }
}
