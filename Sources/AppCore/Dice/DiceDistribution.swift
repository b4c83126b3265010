/// The exact probability of every whole-number outcome, held densely from the lowest outcome up,
/// and the probability left unaccounted for where explosions make the outcomes endless.
///
/// `bounds` are the true least and greatest outcomes, which may lie beyond the outcomes held:
/// where an explosion chain is cut off, what it could still reach is known without weighing it.
struct DiceDistribution: Equatable, Sendable {
    private(set) var lowest: Int
    private(set) var probabilities: [Double]
    private(set) var tailMass: Double = 0
    private var trueBounds: DiceBounds?

    init(lowest: Int, probabilities: [Double]) {
        self.lowest = lowest
        self.probabilities = probabilities
    }

    /// The least and greatest outcomes that can happen: those held unless told otherwise.
    var bounds: DiceBounds { trueBounds ?? DiceBounds(lower: lowest, upper: highest) }
    var unboundedAbove: Bool { bounds.upper == nil }
    var unboundedBelow: Bool { bounds.lower == nil }

    static func constant(_ value: Int) -> DiceDistribution {
        DiceDistribution(lowest: value, probabilities: [1])
    }

    /// Each value equally likely; a value listed twice is twice as likely.
    static func uniform(_ values: [Int]) throws(DiceFailure) -> DiceDistribution {
        var outcomes = Outcomes()
        for value in values { outcomes.add(value, 1 / Double(values.count)) }
        return try outcomes.distribution()
    }

    var highest: Int { lowest + probabilities.count - 1 }

    /// Every outcome with a probability above zero, lowest first.
    var outcomes: [(value: Int, probability: Double)] {
        probabilities.enumerated().compactMap { $0.element > 0 ? (lowest + $0.offset, $0.element) : nil }
    }

    var mean: Double {
        let mass = probabilities.reduce(0, +)
        return outcomes.reduce(0) { $0 + Double($1.value) * $1.probability } / mass
    }

    var standardDeviation: Double {
        let mass = probabilities.reduce(0, +)
        let mean = self.mean
        let variance = outcomes.reduce(0) {
            $0 + (Double($1.value) - mean) * (Double($1.value) - mean) * $1.probability
        }
        return (variance / mass).squareRoot()
    }

    func probability(of value: Int) -> Double {
        let index = value - lowest
        return probabilities.indices.contains(index) ? probabilities[index] : 0
    }

    /// The distribution of `f(outcome)`; `bounds` says what `f` makes of the true bounds.
    func map(
        bounds transformBounds: (DiceBounds) -> DiceBounds, _ transform: (Int) throws(DiceFailure) -> Int
    ) throws(DiceFailure) -> DiceDistribution {
        var outcomes = Outcomes()
        for (value, probability) in self.outcomes { outcomes.add(try transform(value), probability) }
        var mapped = try outcomes.distribution()
        mapped.inherit(tailMass: tailMass, bounds: transformBounds(bounds))
        return mapped
    }

    func negated() throws(DiceFailure) -> DiceDistribution {
        guard lowest != Int.min, highest != Int.min else { throw Self.tooLarge }
        var negated = DiceDistribution(lowest: -highest, probabilities: probabilities.reversed())
        negated.inherit(tailMass: tailMass, bounds: bounds.negated)
        return negated
    }

    /// The distribution of the sum of two independent outcomes: a convolution.
    func adding(_ other: DiceDistribution) throws(DiceFailure) -> DiceDistribution {
        try DiceDistribution.checkWork(probabilities.count * other.probabilities.count)
        let count = probabilities.count + other.probabilities.count - 1
        let (start, overflow) = lowest.addingReportingOverflow(other.lowest)
        guard !overflow, !start.addingReportingOverflow(count).overflow else { throw Self.tooLarge }
        try DiceDistribution.checkOutcomes(count)
        var sums = [Double](repeating: 0, count: count)
        // The hot loop of every exact statistic: raw buffers, so that it runs fast in any build.
        sums.withUnsafeMutableBufferPointer { sums in
            probabilities.withUnsafeBufferPointer { left in
                other.probabilities.withUnsafeBufferPointer { right in
                    for i in 0..<left.count where left[i] > 0 {
                        let weight = left[i]
                        for j in 0..<right.count { sums[i + j] += weight * right[j] }
                    }
                }
            }
        }
        var sum = DiceDistribution(lowest: start, probabilities: sums)
        sum.inherit(tailMass: Self.eitherTail(tailMass, other.tailMass), bounds: bounds.adding(other.bounds))
        return sum
    }

    /// The sum of `count` independent outcomes, by repeated squaring.
    func times(_ count: Int) throws(DiceFailure) -> DiceDistribution {
        var result = DiceDistribution.constant(0)
        var power = self
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { result = try result.adding(power) }
            remaining >>= 1
            if remaining > 0 { power = try power.adding(power) }
        }
        return result
    }

    /// The distribution of `combine(left, right)` over every pair of independent outcomes;
    /// `bounds` says what the combination can reach from the operands' true bounds.
    func combining(
        _ other: DiceDistribution, bounds: DiceBounds?, _ combine: (Int, Int) throws(DiceFailure) -> Int
    ) throws(DiceFailure) -> DiceDistribution {
        try DiceDistribution.checkWork(outcomes.count * other.outcomes.count)
        var outcomes = Outcomes()
        for (left, p) in self.outcomes {
            for (right, q) in other.outcomes { try outcomes.addWithinLimits(try combine(left, right), p * q) }
        }
        var combined = try outcomes.distribution()
        combined.inherit(
            tailMass: Self.eitherTail(tailMass, other.tailMass), bounds: bounds)
        return combined
    }

    /// Every probability times `weight` (the first part of a mixture).
    func scaled(by weight: Double) -> DiceDistribution {
        var scaled = DiceDistribution(lowest: lowest, probabilities: probabilities.map { $0 * weight })
        scaled.inherit(tailMass: tailMass * weight, bounds: trueBounds)
        return scaled
    }

    /// Outcomes weighed by `weight`, added to these (for mixtures).
    mutating func add(_ other: DiceDistribution, weight: Double) throws(DiceFailure) {
        let newLowest = min(lowest, other.lowest)
        let newHighest = max(highest, other.highest)
        try DiceDistribution.checkOutcomes(newHighest - newLowest + 1)
        var merged = [Double](repeating: 0, count: newHighest - newLowest + 1)
        for (offset, probability) in probabilities.enumerated() { merged[lowest - newLowest + offset] += probability }
        for (offset, probability) in other.probabilities.enumerated() {
            merged[other.lowest - newLowest + offset] += probability * weight
        }
        let merging = bounds.union(other.bounds)
        lowest = newLowest
        probabilities = merged
        tailMass += other.tailMass * weight
        trueBounds = merging
    }

    /// Takes the tail mass and true bounds worked out for this distribution; with no bounds,
    /// the outcomes held are all there is.
    mutating func inherit(tailMass: Double, bounds: DiceBounds?) {
        self.tailMass = tailMass
        trueBounds = bounds.map { $0.union(DiceBounds(lower: lowest, upper: highest)) }
    }

    /// The chance that at least one of two independent results was cut off.
    static func eitherTail(_ left: Double, _ right: Double) -> Double {
        left + right - left * right
    }

    static let empty = DiceDistribution(lowest: 0, probabilities: [0])

    static let tooLarge = DiceFailure.overLimit(expression: "", problem: "a result is too large to count")
    static let tooFarApart = DiceFailure.overLimit(expression: "", problem: "its outcomes are too far apart to weigh")

    static func checkWork(_ work: Int) throws(DiceFailure) {
        guard work <= DiceLimits.statisticsWork else {
            throw .overLimit(
                expression: "", problem: "its exact distribution needs more than \(DiceLimits.statisticsWork) steps")
        }
    }

    static func checkOutcomes(_ count: Int) throws(DiceFailure) {
        guard count <= DiceLimits.statisticsOutcomes else {
            throw .overLimit(
                expression: "",
                problem: "its exact distribution has more than \(DiceLimits.statisticsOutcomes) outcomes")
        }
    }
}

extension DiceDistribution? {
    /// Adds `part`, weighed by `weight`, to a mixture that may not have begun.
    mutating func mix(_ part: DiceDistribution, weight: Double) throws(DiceFailure) {
        if self == nil { self = part.scaled(by: weight) } else { try self?.add(part, weight: weight) }
    }
}

/// Probabilities gathered outcome by outcome, made dense at the end.
struct Outcomes {
    private var byValue: [Int: Double] = [:]
    /// The least and greatest outcomes gathered by `addWithinLimits`.
    private var least = Int.max, most = Int.min

    mutating func add(_ value: Int, _ probability: Double) {
        byValue[value, default: 0] += probability
    }

    /// Adds an outcome, refusing as soon as the outcomes gathered spread wider than a
    /// distribution may hold, as `distribution()` would once all were gathered: a product such as
    /// `1d1000000*1d190` is refused after a few million pairs rather than after 190 million, and
    /// the memory they would take.
    mutating func addWithinLimits(_ value: Int, _ probability: Double) throws(DiceFailure) {
        (least, most) = (min(least, value), max(most, value))
        let (span, overflow) = most.subtractingReportingOverflow(least)
        guard !overflow, span < Int.max else {
            throw DiceDistribution.tooFarApart
        }
        try DiceDistribution.checkOutcomes(span + 1)
        add(value, probability)
    }

    func distribution() throws(DiceFailure) -> DiceDistribution {
        guard let lowest = byValue.keys.min(), let highest = byValue.keys.max() else { return .empty }
        let (span, overflow) = highest.subtractingReportingOverflow(lowest)
        guard !overflow, !highest.addingReportingOverflow(1).overflow else {
            throw DiceDistribution.tooFarApart
        }
        try DiceDistribution.checkOutcomes(span + 1)
        var probabilities = [Double](repeating: 0, count: span + 1)
        for (value, probability) in byValue { probabilities[value - lowest] += probability }
        return DiceDistribution(lowest: lowest, probabilities: probabilities)
    }
}
