import Foundation

/// What the dice feature answers.
public enum DiceAnswer: Codable, Equatable, Sendable {
    /// A roll of up to `DiceLimits.keptResults` results, whole, as kept in the history.
    case rolled(roll: DiceRoll)
    /// The next results of a longer roll, in order, as they are rolled.
    case rolling(results: [RollResult])
    /// A longer roll has ended: it gave `results` results, none of them kept.
    case rolledMany(expression: String, results: Int, at: Date)
    case tallied(tally: DiceRollTally)
    case weighed(statistics: DiceStatistics)
    case history(rolls: [DiceRoll])
    case historyCleared
    case failed(reason: DiceFailure)
}
