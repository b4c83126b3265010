/// The exact distribution of an expression's total, and what it comes to.
public struct DiceStatistics: Codable, Equatable, Sendable {
    public struct Outcome: Codable, Equatable, Sendable {
        public let value: Int
        public let probability: Double

        public init(value: Int, probability: Double) {
            self.value = value
            self.probability = probability
        }
    }

    public let expression: String
    /// The lowest total that can happen, or nil when there is none (explosions downward).
    public let min: Int?
    /// The highest total that can happen, or nil exactly when explosions make it unbounded.
    public let max: Int?
    public let mean: Double
    public let standardDeviation: Double
    /// Every total with its probability, lowest first.
    public let distribution: [Outcome]
    /// The probability of the totals not listed: where explosions go on, the chains cut off.
    public let tailMass: Double
    /// What the terms under each label come to on their own (`2d6 [fire] + 1d6 [cold]`), in the
    /// order written; nil where the expression has no label.
    public let labels: [DiceLabelStatistics]?

    public init(
        expression: String, min: Int?, max: Int?, mean: Double, standardDeviation: Double, distribution: [Outcome],
        tailMass: Double, labels: [DiceLabelStatistics]? = nil
    ) {
        self.expression = expression
        self.min = min
        self.max = max
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.distribution = distribution
        self.tailMass = tailMass
        self.labels = labels
    }

    init(expression: String, _ distribution: DiceDistribution, labels: [DiceLabelStatistics]? = nil) {
        let outcomes = distribution.outcomes
        self.init(
            expression: expression,
            // The bounds of what can happen, even where a probability is too small for a Double.
            min: distribution.bounds.lower,
            max: distribution.bounds.upper,
            mean: distribution.mean,
            standardDeviation: distribution.standardDeviation,
            distribution: outcomes.map { Outcome(value: $0.value, probability: $0.probability) },
            tailMass: distribution.tailMass, labels: labels)
    }
}
