/// The least and greatest values something can take; nil where it has no bound (an explosion
/// that can go on adding, or subtracting, without end).
struct DiceBounds: Equatable, Sendable {
    var lower: Int?
    var upper: Int?

    static func exactly(_ value: Int) -> DiceBounds { DiceBounds(lower: value, upper: value) }

    /// The bounds of these values; nil for none.
    init?(_ values: some Collection<Int>) {
        guard let lower = values.min(), let upper = values.max() else { return nil }
        self.init(lower: lower, upper: upper)
    }

    /// The bounds of any one of these; nil for none.
    init?(union parts: [DiceBounds]) {
        guard let first = parts.first else { return nil }
        self = parts.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The bounds of such a value added any number of times, none included.
    var repeatedAnyNumberOfTimes: DiceBounds {
        DiceBounds(
            lower: (lower.map { $0 >= 0 } ?? false) ? 0 : nil, upper: (upper.map { $0 <= 0 } ?? false) ? 0 : nil)
    }

    /// What is left of these bounds once the values matching `condition` are taken out; nil for
    /// nothing. An equality leaves the bounds as they are (a hole is not a bound).
    func excluding(_ condition: Condition) -> DiceBounds? {
        var left = self
        switch condition.comparison {
        case .atLeast: left.upper = Swift.min(upper ?? condition.value - 1, condition.value - 1)
        case .greater: left.upper = Swift.min(upper ?? condition.value, condition.value)
        case .atMost: left.lower = Swift.max(lower ?? condition.value + 1, condition.value + 1)
        case .less: left.lower = Swift.max(lower ?? condition.value, condition.value)
        case .equal: break
        }
        if let lower = left.lower, let upper = left.upper, lower > upper { return nil }
        return left
    }

    var negated: DiceBounds { DiceBounds(lower: upper.map { -$0 }, upper: lower.map { -$0 }) }

    /// The bounds of a sum.
    func adding(_ other: DiceBounds) -> DiceBounds {
        DiceBounds(lower: Self.sum(lower, other.lower), upper: Self.sum(upper, other.upper))
    }

    /// The bounds of either this or that.
    func union(_ other: DiceBounds) -> DiceBounds {
        DiceBounds(
            lower: lower.flatMap { mine in other.lower.map { Swift.min(mine, $0) } },
            upper: upper.flatMap { mine in other.upper.map { Swift.max(mine, $0) } })
    }

    /// The bounds of `count` such values added together.
    func times(_ count: Int) -> DiceBounds {
        DiceBounds(lower: Self.product(lower, count), upper: Self.product(upper, count))
    }

    /// The bounds of a product of two independent values: the extremes lie at the corners.
    func multiplying(_ other: DiceBounds) -> DiceBounds {
        let corners = [
            Extended(lower, side: -1).times(Extended(other.lower, side: -1)),
            Extended(lower, side: -1).times(Extended(other.upper, side: 1)),
            Extended(upper, side: 1).times(Extended(other.lower, side: -1)),
            Extended(upper, side: 1).times(Extended(other.upper, side: 1)),
        ]
        return DiceBounds(corners)
    }

    /// The bounds of a floor division by a divisor with no zero among its outcomes. `divisors`
    /// are the divisor's least and greatest negative and positive outcomes (nil for none, or
    /// unbounded): floor division is monotonic in each operand on either side of zero.
    func dividing(by divisors: [Extended]) -> DiceBounds {
        var corners: [Extended] = []
        for divisor in divisors {
            corners.append(Extended(lower, side: -1).dividing(by: divisor))
            corners.append(Extended(upper, side: 1).dividing(by: divisor))
        }
        return DiceBounds(corners)
    }

    /// The bounds of `abs`: unbounded above when either end is unbounded.
    var absolute: DiceBounds {
        let least: Int? =
            if let lower, lower >= 0 { lower } else if let upper, upper <= 0 { -upper } else { 0 }
        guard let lower, let upper else { return DiceBounds(lower: least, upper: nil) }
        return DiceBounds(lower: least, upper: Swift.max(Swift.abs(lower), Swift.abs(upper)))
    }

    /// Each value below `bound` counts as `bound` (`min`), or above it (`max`).
    func clamped(below bound: Int) -> DiceBounds {
        DiceBounds(lower: Swift.max(lower ?? bound, bound), upper: upper.map { Swift.max($0, bound) })
    }

    func clamped(above bound: Int) -> DiceBounds {
        DiceBounds(lower: lower.map { Swift.min($0, bound) }, upper: Swift.min(upper ?? bound, bound))
    }

    private init(_ corners: [Extended]) {
        lower = corners.min()?.finite
        upper = corners.max()?.finite
        if corners.contains(.negativeInfinity) { lower = nil }
        if corners.contains(.positiveInfinity) { upper = nil }
    }

    init(lower: Int?, upper: Int?) {
        self.lower = lower
        self.upper = upper
    }

    /// A sum of bounds; one too large to count is no bound at all, and the weighing that would
    /// reach it is refused as too large.
    private static func sum(_ left: Int?, _ right: Int?) -> Int? {
        guard let left, let right else { return nil }
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? nil : sum
    }

    private static func product(_ bound: Int?, _ count: Int) -> Int? {
        guard count > 0 else { return 0 }
        guard let bound else { return nil }
        let (product, overflow) = bound.multipliedReportingOverflow(by: count)
        return overflow ? nil : product
    }

    /// An integer, or an infinity where a bound is missing.
    enum Extended: Comparable, Sendable {
        case negativeInfinity
        case finite(Int)
        case positiveInfinity

        init(_ bound: Int?, side: Int) {
            if let bound { self = .finite(bound) } else { self = side < 0 ? .negativeInfinity : .positiveInfinity }
        }

        var finite: Int? {
            if case .finite(let value) = self { value } else { nil }
        }

        private var sign: Int {
            switch self {
            case .negativeInfinity: -1
            case .positiveInfinity: 1
            case .finite(let value): value.signum()
            }
        }

        /// A product; an infinity times zero is zero, since every actual value is finite.
        func times(_ other: Extended) -> Extended {
            if case .finite(let a) = self, case .finite(let b) = other {
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                guard overflow else { return .finite(product) }
            }
            let sign = sign * other.sign
            return sign == 0 ? .finite(0) : (sign < 0 ? .negativeInfinity : .positiveInfinity)
        }

        /// Floor division by a non-zero divisor; a finite value over an infinity is 0 or −1.
        func dividing(by divisor: Extended) -> Extended {
            switch (self, divisor) {
            case (.finite(let a), .finite(let b)): return .finite(floorDivide(a, b))
            case (.finite(let a), _): return .finite(a == 0 || (a > 0) == (divisor.sign > 0) ? 0 : -1)
            default:
                return sign * divisor.sign < 0 ? .negativeInfinity : .positiveInfinity
            }
        }
    }
}

extension DiceDistribution {
    /// A divisor's outcomes nearest and furthest from zero on either side: floor division takes
    /// its extremes there.
    var divisorExtremes: [DiceBounds.Extended] {
        let held = outcomes.map(\.value)
        var extremes: [DiceBounds.Extended] = []
        if let nearest = held.filter({ $0 < 0 }).max() {
            extremes += [DiceBounds.Extended(bounds.lower, side: -1), .finite(nearest)]
        }
        if let nearest = held.filter({ $0 > 0 }).min() {
            extremes += [.finite(nearest), DiceBounds.Extended(bounds.upper, side: 1)]
        }
        return extremes
    }
}

extension Comparison {
    /// Whether a comparison of values within these bounds can be false (0) and can be true (1);
    /// nil where both sides are bounded, and their outcomes held tell it exactly.
    func possibleResults(_ left: DiceBounds, _ right: DiceBounds) -> DiceBounds? {
        guard left.lower == nil || left.upper == nil || right.lower == nil || right.upper == nil else { return nil }
        let (leastLeft, mostLeft) = (
            DiceBounds.Extended(left.lower, side: -1), DiceBounds.Extended(left.upper, side: 1)
        )
        let (leastRight, mostRight) = (
            DiceBounds.Extended(right.lower, side: -1), DiceBounds.Extended(right.upper, side: 1)
        )
        let (canBeTrue, canBeFalse): (Bool, Bool)
        switch self {
        case .atLeast: (canBeTrue, canBeFalse) = (mostLeft >= leastRight, leastLeft < mostRight)
        case .greater: (canBeTrue, canBeFalse) = (mostLeft > leastRight, leastLeft <= mostRight)
        case .atMost: (canBeTrue, canBeFalse) = (leastLeft <= mostRight, mostLeft > leastRight)
        case .less: (canBeTrue, canBeFalse) = (leastLeft < mostRight, mostLeft >= leastRight)
        case .equal: (canBeTrue, canBeFalse) = (leastLeft <= mostRight && leastRight <= mostLeft, true)
        }
        return DiceBounds(lower: canBeFalse ? 0 : 1, upper: canBeTrue ? 1 : 0)
    }
}
