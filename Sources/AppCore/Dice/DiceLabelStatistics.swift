/// What the terms under one label come to on their own, weighed apart from the rest of the
/// expression: `fire`, `1d6`, min 1, max 6, mean 3.5.
public struct DiceLabelStatistics: Codable, Equatable, Sendable {
    public let label: String
    /// The terms the label names, as they were written.
    public let notation: String
    /// The lowest value the terms can come to, or nil when there is none.
    public let min: Int?
    /// The highest, or nil when explosions make it unbounded.
    public let max: Int?
    public let mean: Double
    public let standardDeviation: Double

    public init(label: String, notation: String, min: Int?, max: Int?, mean: Double, standardDeviation: Double) {
        self.label = label
        self.notation = notation
        self.min = min
        self.max = max
        self.mean = mean
        self.standardDeviation = standardDeviation
    }

    init(label: String, notation: String, _ distribution: DiceDistribution) {
        self.init(
            label: label, notation: notation, min: distribution.bounds.lower, max: distribution.bounds.upper,
            mean: distribution.mean, standardDeviation: distribution.standardDeviation)
    }
}

extension DiceExpression {
    /// Every labelled part of the expression, in the order a roll lists their values: a label's
    /// terms before the label, left before right.
    var labeledParts: [(label: String, notation: String, terms: DiceExpression)] {
        switch self {
        case .number, .dice: []
        case .set(let members, _, _): members.flatMap(\.labeledParts)
        case .negate(let inner), .function(_, let inner), .sum(_, let inner): inner.labeledParts
        case .arithmetic(_, let left, let right), .comparison(_, let left, let right):
            left.labeledParts + right.labeledParts
        case .labeled(let inner, let label, let text): inner.labeledParts + [(label, text, inner)]
        }
    }
}
