#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keep and drop after an explosion of separate dice (`2d8!kh1`, `3d6!>=5dl1`): each rolled die
/// brings a group of dice (itself and the dice its explosion adds), the groups are independent,
/// and the kept ranks are taken over all their dice together.
///
/// A group is weighed as the dice at its ends, followed link by link until what still explodes
/// weighs less than the chain cutoff; groups are then merged. Ranks further than the keep and
/// drop counts from the ends they count from (`highReach`, `lowReach`) are all kept or all
/// dropped whatever the number of dice, so only the `highReach` highest and `lowReach` lowest
/// dice are listed; the others are the middle, held as the distribution of the total they
/// score. A state is the listed dice, and its distribution the chances of its middle's totals
/// (their sum the state's chance): the states stay as few as the ends can be, however long the
/// chains, and the middles are added by convolution.
struct DiceRankedGroups {
    let term: DiceTermWeigher

    /// Dice listed highest first; with a middle, the first `highReach` and last `lowReach` are
    /// the highest and lowest of more dice, and the others are the middle.
    struct Ends: Hashable {
        var listed: [Int]
        var middle: Bool
    }

    /// Each state of the dice, with the chances of its middle's totals (0 without a middle).
    typealias States = [Ends: DiceDistribution]

    func total(of count: Int, _ budget: inout DiceWorkBudget) throws(DiceFailure) -> DiceDistribution {
        guard count > 0 else { return .constant(0) }
        let (high, low) = (term.highReach, term.lowReach)
        let middleKept = term.window(high + 1 + low).contains(high)
        var scoring = Scoring(term: term, middleKept: middleKept, budget: budget)
        defer { budget = scoring.budget }
        let (group, tail) = try groupLaw(&scoring)
        var all = group
        var power = group
        var remaining = count - 1
        while remaining > 0 {
            if remaining & 1 == 1 { all = try merged(all, power, &scoring) }
            remaining >>= 1
            if remaining > 0 { power = try merged(power, power, &scoring) }
        }
        var result: DiceDistribution?
        for (ends, middle) in all {
            try result.mix(try scoring.kept(ends, middle), weight: 1)
        }
        guard var total = result else { return .constant(0) }
        // Without an end to the chains, a kept middle grows without end.
        let endless =
            middleKept && term.before.contains { if case .explode(.once, _) = $0 { false } else { $0.addsDice } }
        let reach = scoring.dieBounds
        var bounds = total.bounds
        if endless, reach.upper.map({ $0 > 0 }) ?? true { bounds.upper = nil }
        if endless, reach.lower.map({ $0 < 0 }) ?? true { bounds.lower = nil }
        // Some group's chain cut off.
        total.inherit(tailMass: -expm1(Double(count) * log1p(-tail)), bounds: bounds)
        return total
    }

    /// One group: the rolled die and every die its explosion adds, each settled by the per-die
    /// modifiers after the explosion.
    private func groupLaw(_ scoring: inout Scoring) throws(DiceFailure) -> (States, Double) {
        guard let split = term.before.firstIndex(where: \.addsDice),
            case .explode(let explosion, let written) = term.before[split]
        else { return ([:], 0) }
        let condition = written ?? term.highestFace
        let first = try term.settled(term.fresh, through: Array(term.before[..<split]))
        let rest = Array(term.before[(split + 1)...])
        var valueCache: [ShownDie: [(value: Int, probability: Double)]] = [:]
        func values(_ die: ShownDie) throws(DiceFailure) -> [(value: Int, probability: Double)] {
            if let known = valueCache[die] { return known }
            let outcomes = try term.settled(DieLaw(die), through: rest).values().outcomes
            valueCache[die] = outcomes
            return outcomes
        }
        var settled: States = [:]
        var pending: States = [:]
        for (die, chance) in first.chances {
            for (value, probability) in try values(die) {
                let one = DiceDistribution.constant(0).scaled(by: chance * probability)
                if condition.matches(die.face) {
                    try pending.gather(Ends(listed: [value], middle: false), one)
                } else {
                    try settled.gather(Ends(listed: [value], middle: false), one)
                }
            }
        }
        let extras = term.addedDice(explosion, condition)
        while pending.mass > DiceTermWeigher.chainCutoff {
            var next: States = [:]
            for (ends, middle) in pending {
                for extra in extras {
                    for (value, probability) in try values(extra.die) {
                        let added = DiceDistribution.constant(0).scaled(by: extra.chance * probability)
                        let (joined, chances) = try scoring.joined(
                            ends, middle, Ends(listed: [value], middle: false), added)
                        if extra.again {
                            try next.gather(joined, chances)
                        } else {
                            try settled.gather(joined, chances)
                        }
                    }
                }
            }
            try DiceDistribution.checkOutcomes(next.count + settled.count)
            pending = next
        }
        return (settled, pending.mass)
    }

    private func merged(_ left: States, _ right: States, _ scoring: inout Scoring) throws(DiceFailure) -> States {
        let (pairs, overflow) = left.count.multipliedReportingOverflow(by: right.count)
        try scoring.spend(overflow ? Int.max : pairs)
        var result: States = [:]
        for (a, p) in left {
            for (b, q) in right {
                let (joined, chances) = try scoring.joined(a, p, b, q)
                try result.gather(joined, chances)
            }
            try DiceDistribution.checkOutcomes(result.count)
        }
        return result
    }

    /// What dice score once kept: each die's value settled by the modifiers after the ranking,
    /// then scored.
    struct Scoring {
        let term: DiceTermWeigher
        let middleKept: Bool
        private var cache: [Int: DiceDistribution] = [:]
        /// The bounds of any one die's score, over the values seen.
        private(set) var dieBounds = DiceBounds(lower: nil, upper: nil)
        private var seenAny = false
        var budget: DiceWorkBudget

        mutating func spend(_ states: Int) throws(DiceFailure) {
            try budget.spend(states: states)
        }

        init(term: DiceTermWeigher, middleKept: Bool, budget: DiceWorkBudget) {
            self.term = term
            self.middleKept = middleKept
            self.budget = budget
        }

        mutating func score(_ value: Int) throws(DiceFailure) -> DiceDistribution {
            if let known = cache[value] { return known }
            let scored = try term.contribution(of: DieLaw(ShownDie(value: value, face: value)), through: term.after)
            cache[value] = scored
            dieBounds = seenAny ? dieBounds.union(scored.bounds) : scored.bounds
            seenAny = true
            return scored
        }

        /// Two independent states together: their listed dice merged, the ones moving out of the
        /// listed ends scored into the middle, and their middles' chances convolved.
        mutating func joined(
            _ a: Ends, _ p: DiceDistribution, _ b: Ends, _ q: DiceDistribution
        ) throws(DiceFailure) -> (Ends, DiceDistribution) {
            try spend(1)
            let listed = (a.listed + b.listed).sorted(by: >)
            let (high, low) = (term.highReach, term.lowReach)
            try budget.spend(steps: p.probabilities.count * q.probabilities.count)
            var middle = try p.adding(q)
            guard a.middle || b.middle || listed.count > high + low else {
                return (Ends(listed: listed, middle: false), middle)
            }
            let ends = Array(listed.prefix(high) + listed.suffix(low))
            let moving = listed.dropFirst(high).dropLast(low)
            if middleKept {
                for value in moving {
                    let score = try score(value)
                    try budget.spend(steps: middle.probabilities.count * score.probabilities.count)
                    middle = try middle.adding(score)
                }
            }
            return (Ends(listed: ends, middle: true), middle)
        }

        /// The kept dice's total for one state of all the dice, weighed by the state's chance.
        mutating func kept(_ ends: Ends, _ middle: DiceDistribution) throws(DiceFailure) -> DiceDistribution {
            let high = term.highReach
            let ranks = ends.middle ? term.highReach + 1 + term.lowReach : ends.listed.count
            let window = term.window(ranks)
            // A middle that is dropped counts only its chance.
            var total = ends.middle && window.contains(high) ? middle : .constant(0).scaled(by: middle.mass)
            for rank in window where !(ends.middle && rank == high) {
                let index = ends.middle && rank > high ? rank - 1 : rank
                total = try total.adding(try score(ends.listed[index]))
            }
            return total
        }
    }
}

extension DiceDistribution {
    /// The sum of its probabilities: a state's chance, where a distribution holds a part of one.
    var mass: Double { probabilities.reduce(0, +) }
}

extension [DiceRankedGroups.Ends: DiceDistribution] {
    /// The chance of every state together.
    var mass: Double { values.reduce(0) { $0 + $1.mass } }

    /// Adds `chances` to the state `ends`.
    mutating func gather(_ ends: DiceRankedGroups.Ends, _ chances: DiceDistribution) throws(DiceFailure) {
        if let known = self[ends] {
            var sum = known
            try sum.add(chances, weight: 1)
            self[ends] = sum
        } else {
            self[ends] = chances
        }
    }
}
