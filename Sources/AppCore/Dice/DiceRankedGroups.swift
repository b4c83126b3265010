#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keep and drop after an explosion of separate dice (`2d8!kh1`): each rolled die brings a
/// group of dice (itself and the dice its explosion adds), the groups are independent, and the
/// kept ranks are taken over all their dice together.
///
/// A group is weighed as the multiset of its dice, followed link by link until what still
/// explodes weighs less than the chain cutoff; groups are then merged. Ranks further than the
/// keep and drop counts (`reach`) from both ends are all kept or all dropped whatever the number
/// of dice, so only the `reach` highest and lowest dice are listed, and the others are held as
/// the total they score: the states stay few however long the chains.
struct DiceRankedGroups {
    let term: DiceTermWeigher

    /// Dice listed highest first; with `middle`, the first `reach` and last `reach` are the
    /// highest and lowest of more dice, and the rest score `middle` together.
    struct Dice: Hashable {
        var listed: [Int]
        var middle: Int?
    }

    func total(of count: Int, _ budget: inout DiceWorkBudget) throws(DiceFailure) -> DiceDistribution {
        guard count > 0 else { return .constant(0) }
        let middleKept = term.window(2 * term.reach + 1).contains(term.reach)
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
        for (dice, chance) in all {
            try result.mix(try scoring.kept(dice), weight: chance)
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
    private func groupLaw(_ scoring: inout Scoring) throws(DiceFailure) -> ([Dice: Double], Double) {
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
        var settled: [Dice: Double] = [:]
        var pending: [Dice: Double] = [:]
        for (die, chance) in first.chances {
            for (value, probability) in try values(die) {
                let dice = Dice(listed: [value], middle: nil)
                if condition.matches(die.face) {
                    pending[dice, default: 0] += chance * probability
                } else {
                    settled[dice, default: 0] += chance * probability
                }
            }
        }
        let extras = term.addedDice(explosion, condition)
        while pending.values.reduce(0, +) > DiceTermWeigher.chainCutoff {
            var next: [Dice: Double] = [:]
            for (dice, chance) in pending {
                for extra in extras {
                    for (value, probability) in try values(extra.die) {
                        for (joined, weight) in try scoring.joined(dice, Dice(listed: [value], middle: nil)) {
                            let mass = chance * extra.chance * probability * weight
                            if extra.again {
                                next[joined, default: 0] += mass
                            } else {
                                settled[joined, default: 0] += mass
                            }
                        }
                    }
                }
            }
            try DiceDistribution.checkOutcomes(next.count + settled.count)
            pending = next
        }
        return (settled, pending.values.reduce(0, +))
    }

    private func merged(
        _ left: [Dice: Double], _ right: [Dice: Double], _ scoring: inout Scoring
    ) throws(DiceFailure) -> [Dice: Double] {
        let (pairs, overflow) = left.count.multipliedReportingOverflow(by: right.count)
        try scoring.spend(overflow ? Int.max : pairs)
        var result: [Dice: Double] = [:]
        for (a, p) in left {
            for (b, q) in right {
                for (joined, weight) in try scoring.joined(a, b) { result[joined, default: 0] += p * q * weight }
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

        /// Two groups' dice together, the ones moving out of the listed ends scored into the middle.
        mutating func joined(_ a: Dice, _ b: Dice) throws(DiceFailure) -> [(Dice, Double)] {
            try spend(1)
            let listed = (a.listed + b.listed).sorted(by: >)
            let reach = term.reach
            guard a.middle != nil || b.middle != nil || listed.count > 2 * reach else {
                return [(Dice(listed: listed, middle: nil), 1)]
            }
            let ends = Array(listed.prefix(reach) + listed.suffix(reach))
            let moving = listed.dropFirst(reach).dropLast(reach)
            let base = (a.middle ?? 0) + (b.middle ?? 0)
            guard middleKept, !moving.isEmpty else { return [(Dice(listed: ends, middle: base), 1)] }
            var middle = DiceDistribution.constant(base)
            for value in moving {
                middle = try middle.adding(try score(value))
                try spend(middle.probabilities.count)
            }
            return middle.outcomes.map { (Dice(listed: ends, middle: $0.value), $0.probability) }
        }

        /// The kept dice's total for one state of all the dice.
        mutating func kept(_ dice: Dice) throws(DiceFailure) -> DiceDistribution {
            let reach = term.reach
            let ranks = dice.middle == nil ? dice.listed.count : 2 * reach + 1
            var total = DiceDistribution.constant(0)
            for rank in term.window(ranks) {
                if dice.middle != nil, rank == reach {
                    total = try total.adding(.constant(dice.middle ?? 0))
                } else {
                    let index = dice.middle != nil && rank > reach ? rank - 1 : rank
                    total = try total.adding(try score(dice.listed[index]))
                }
            }
            return total
        }
    }
}
