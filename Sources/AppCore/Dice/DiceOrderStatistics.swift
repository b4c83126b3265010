#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keep and drop among dice that each stand alone (no explosion of separate dice before the
/// ranking): the total of the kept dice, each then settled by the modifiers after the ranking.
///
/// Outcomes are taken from one end down; given that a die is not beyond the outcome at hand, it
/// shows exactly that outcome with probability q, so of the r dice not yet placed a binomial
/// number show it, and they take the next ranks. Ties take distinct ranks, so keep and drop
/// always pick distinct dice; which of tied dice is kept does not matter, since tied dice are
/// alike. Once the far end of the kept ranks is passed, nothing more can change: work grows
/// with the ranks kept, not with the dice rolled, so `300d50kh5` is quick.
struct DiceOrderStatistics {
    let term: DiceTermWeigher
    let law: DieLaw

    func total(of count: Int, _ budget: inout DiceWorkBudget) throws(DiceFailure) -> DiceDistribution {
        let kept = term.window(count)
        guard !kept.isEmpty else { return .constant(0) }
        // From the end nearer the kept ranks.
        let fromHighest = kept.upperBound <= count - kept.lowerBound
        let window = fromHighest ? kept : (count - kept.upperBound)..<(count - kept.lowerBound)
        let done = window.upperBound
        let values = try law.values()
        let levels = fromHighest ? values.outcomes.reversed() : values.outcomes
        let held = levels.reduce(0) { $0 + $1.probability }

        var byValue: [Int: [ShownDie: Double]] = [:]
        for (die, chance) in law.chances { byValue[die.value, default: [:]][die] = chance }
        var ones: [Int: DiceDistribution] = [:]
        var kernels: [Int: [Int: DiceDistribution]] = [:]
        func kernel(_ value: Int, _ dice: Int) throws(DiceFailure) -> DiceDistribution {
            if let known = kernels[value]?[dice] { return known }
            let one: DiceDistribution
            if let known = ones[value] {
                one = known
            } else {
                one = try term.contribution(of: DieLaw(given: byValue[value] ?? [:]), through: term.after)
                // What settling one kept die took: an explosion after the ranking follows its chain.
                try budget.spend(steps: one.probabilities.count * term.fresh.chances.count)
                ones[value] = one
            }
            let power = try one.times(dice)
            kernels[value, default: [:]][dice] = power
            return power
        }

        // table[placed]: the kept dice's total so far, for this many dice placed.
        var table = [DiceDistribution?](repeating: nil, count: done + 1)
        // Every die within the outcomes held: the others are the tail.
        let allHeld = exp(Double(count) * log1p(-law.tailMass))
        let someCut = -expm1(Double(count) * log1p(-law.tailMass))
        table[0] = DiceDistribution.constant(0).scaled(by: allHeld)
        var remaining = held
        // Past the kept ranks nothing changes: those totals are gathered outcome by outcome, so
        // that each level costs what it adds, not the width of all gathered so far.
        var finished = Outcomes()
        var finishedTail = 0.0
        for (value, probability) in levels {
            let q = remaining > probability ? probability / remaining : 1
            remaining -= probability
            var next = [DiceDistribution?](repeating: nil, count: done + 1)
            for placed in 0..<done {
                guard let before = table[placed] else { continue }
                let chances = binomialHead(count - placed, q, below: done - placed)
                for (dice, chance) in chances.enumerated() where chance > 0 {
                    let ranks = placed..<min(done, placed + dice)
                    let keptHere = ranks.clamped(to: window).count
                    let added = keptHere > 0 ? try kernel(value, keptHere) : .constant(0)
                    // A convolution, then a merge into the mixture.
                    let width = before.probabilities.count + added.probabilities.count
                    let into = min(done, placed + dice)
                    let merged = into == done ? 0 : next[into]?.probabilities.count ?? 0
                    try budget.spend(steps: before.probabilities.count * added.probabilities.count + width + merged)
                    let part = keptHere > 0 ? try before.adding(added) : before
                    if into == done {
                        for (total, mass) in part.outcomes { finished.add(total, mass * chance) }
                        finishedTail += part.tailMass * chance
                    } else {
                        try next[into].mix(part, weight: chance)
                    }
                }
            }
            table = next
        }
        var result = try finished.distribution()
        let dieBounds = try term.contribution(of: law, through: term.after).bounds
        result.inherit(
            tailMass: DiceDistribution.eitherTail(someCut, finishedTail), bounds: dieBounds.times(kept.count))
        return result
    }

    /// P(k of n) for k below `limit`, then P(k ≥ limit) last, for a chance q each; in logarithms,
    /// so that a million dice stay exact.
    private func binomialHead(_ n: Int, _ q: Double, below limit: Int) -> [Double] {
        let shown = min(limit, n + 1)
        var head: [Double]
        if q >= 1 {
            head = (0..<shown).map { $0 == n ? 1 : 0 }
        } else if q <= 0 {
            head = (0..<shown).map { $0 == 0 ? 1 : 0 }
        } else {
            let logQ = log(q)
            let logNotQ = log1p(-q)
            let logNFactorial = logGamma(Double(n) + 1)
            head = (0..<shown).map { k in
                exp(
                    logNFactorial - logGamma(Double(k) + 1) - logGamma(Double(n - k) + 1) + Double(k) * logQ
                        + Double(n - k) * logNotQ)
            }
        }
        if shown == limit { head.append(max(0, 1 - head.reduce(0, +))) }
        return head
    }

}

extension DieLaw {
    /// The law of a die known to be in one of these states: which faces a die counting one value may show.
    init(given states: [ShownDie: Double]) {
        let mass = states.values.reduce(0, +)
        self.init(chances: states.mapValues { $0 / mass }, tailMass: 0, bounds: nil)
    }
}
