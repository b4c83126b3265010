/// How far dice notation may go, checked before any work, so nothing hangs and memory stays bounded.
public enum DiceLimits {
    /// Characters in one expression.
    public static let expressionLength = 100_000
    /// Parentheses, sets and functions inside one another.
    public static let nesting = 100
    /// Operations inside one another on any path through an expression, which is how deep rolling
    /// and weighing it go: a long run of terms counts as the logarithm of its length
    /// (`DiceChain`), so a sum of thousands of dice is a few levels, and only parentheses each
    /// holding a run of terms inside another reach it.
    public static let operationDepth = 256
    /// The largest number written or computed; larger is an error, not an overflow.
    public static let largestNumber = 1_000_000_000_000
    /// Sides on one die, and faces listed in `d{…}`.
    public static let sides = 1_000_000
    public static let customFaces = 1_000
    /// Dice rolled for one result, counting rerolls and explosions: each is shown.
    public static let diceRolled = 10_000
    /// Terms and operations worked out for one result: `sum(1000x sum(1000x 1))` rolls no dice,
    /// yet is a million steps.
    public static let stepsPerResult = 1_000_000
    /// Characters in a label (`[fire]`) or a comment (`# to hit`).
    public static let labelLength = 200
    /// Results of `Nx` and terms of `sum(Nx …)`.
    public static let repeats = 1_000
    /// The most times one command may roll an expression, and the most results it may give.
    public static let times = 1_000_000
    /// The most results a roll may give and be kept in the history, with its totals; a longer
    /// run (`--times 5000`, or `6x 4d6kh3 --times 200`) streams its results as they come and
    /// keeps none.
    public static let keptResults = 1_000
    /// How many results a streamed roll answers with at a time.
    static let streamedResults = 1_000
    /// Dice in one term for exact statistics.
    public static let statisticsDice = 1_000_000
    /// Distinct outcomes one distribution may hold during exact statistics.
    public static let statisticsOutcomes = 2_000_000
    /// Work (pairs of outcomes combined) exact statistics may do for one term or one operation.
    public static let statisticsWork = 200_000_000
    /// Joint outcomes of a set's members weighed together, and states combined where dice are kept
    /// or dropped after an explosion of separate dice: each costs far more than a step of work.
    public static let statisticsStates = 2_000_000
    /// Probability left unaccounted for where explosions make a distribution endless.
    public static let tailMass = 1e-12

    /// The limits as `--help` shows them.
    public static let summary = """
        Limits: expressions up to \(expressionLength) characters, \(nesting) levels of nesting and \
        \(operationDepth) operations inside one another; \
        numbers up to \(largestNumber); dice up to \(sides) sides (\(customFaces) custom faces); \
        \(diceRolled) dice rolled and \(stepsPerResult) steps per result, rerolls and explosions included; \
        \(repeats) repeats; \
        --times up to \(times) results, of which up to \(keptResults) are kept in the history; \
        for --stats, up to \(statisticsDice) dice per term, \(statisticsOutcomes) outcomes, \(statisticsWork) steps \
        of work per term or operation, and \(statisticsStates) joint outcomes for a set that keeps, drops or counts \
        (or states for keep and drop after an explosion of separate dice), with explosions exact up to a tail mass \
        below \(tailMass).
        """
}
