/// The work one term's exact statistics may still do, spent as it is done, so that a term
/// weighed for every outcome of a rolled count (`(1d100)d20!!kh10`) stops at the same limit as
/// one weighed once.
struct DiceWorkBudget {
    private var steps = 0
    private var states = 0

    /// Pairs of outcomes combined: at most `DiceLimits.statisticsWork`.
    mutating func spend(steps more: Int) throws(DiceFailure) {
        steps = more > DiceLimits.statisticsWork ? more : steps + more
        try DiceDistribution.checkWork(steps)
    }

    /// States of keep and drop after an explosion of separate dice, each a sort and a lookup:
    /// at most `DiceLimits.statisticsStates`.
    mutating func spend(states more: Int) throws(DiceFailure) {
        states = more > DiceLimits.statisticsStates ? more : states + more
        guard states <= DiceLimits.statisticsStates else {
            throw .overLimit(
                expression: "",
                problem: "keeping or dropping among exploding dice here needs more than "
                    + "\(DiceLimits.statisticsStates) combined states")
        }
    }
}
