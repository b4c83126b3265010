#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the dice feature answers. The larger cases are `indirect`, in a box of their own, so that
/// the app's `Answer`, as large as its largest case, stays small (see `TodoAnswer`).
public enum DiceAnswer: Codable, Equatable, Sendable {
    /// A roll of up to `DiceLimits.keptResults` results, whole, as kept in the history.
    indirect case rolled(roll: DiceRoll)
    /// The next results of a longer roll, in order, as they are rolled.
    case rolling(results: [RollResult])
    /// A longer roll has ended: it gave `results` results, none of them kept.
    indirect case rolledMany(expression: String, results: Int, at: Date)
    indirect case tallied(tally: DiceRollTally)
    indirect case weighed(statistics: DiceStatistics)
    case history(rolls: [DiceRoll])
    case historyCleared
    indirect case failed(reason: DiceFailure)
}
