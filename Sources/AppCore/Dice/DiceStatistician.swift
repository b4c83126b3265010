#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Works out the exact distribution of a dice expression by convolution over outcomes, never by
/// sampling. Per-die modifiers (rerolls, explosions, min and max) shape one die's distribution;
/// keep and drop are order statistics over the term's dice; success counting scores each die.
struct DiceStatistician {
    let expression: String

    /// The probability left over when an endless explosion chain is cut off, for one die.
    private static let chainTail = DiceLimits.tailMass / 1e4
    /// The most links of one explosion chain that are weighed.
    private static let chainLinks = 100_000

    func distribution(of expression: DiceExpression) throws(DiceFailure) -> DiceDistribution {
        do {
            return try weigh(expression)
        } catch .overLimit(expression: "", let problem) {
            throw .overLimit(expression: self.expression, problem: problem)
        }
    }

    private func weigh(_ expression: DiceExpression) throws(DiceFailure) -> DiceDistribution {
        switch expression {
        case .number(let value):
            return .constant(value)
        case .dice(let term):
            return try weigh(term)
        case .set(let members, let modifiers, _):
            var distributions: [DiceDistribution] = []
            for member in members { distributions.append(try weigh(member)) }
            return try weighSet(distributions, modifiers)
        case .negate(let inner):
            return try weigh(inner).negated
        case .arithmetic(.add, let left, let right):
            return try weigh(left).adding(try weigh(right))
        case .arithmetic(.subtract, let left, let right):
            return try weigh(left).adding(try weigh(right).negated)
        case .arithmetic(.multiply, let left, let right):
            return try weigh(left).combining(try weigh(right)) { (a, b) throws(DiceFailure) in
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                guard !overflow else { throw .overLimit(expression: "", problem: "a result is too large to count") }
                return product
            }
        case .arithmetic(.divide, let left, let right):
            let divisor = try weigh(right)
            guard divisor.probability(of: 0) == 0 else {
                throw .impossible(expression: self.expression, problem: "it may divide by zero")
            }
            return try weigh(left).combining(divisor) { a, b in floorDivide(a, b) }
        case .comparison(let comparison, let left, let right):
            return try weigh(left).combining(try weigh(right)) { a, b in comparison.holds(a, b) ? 1 : 0 }
        case .function(_, let inner):
            return try weigh(inner)
        case .sum(let times, let inner):
            return try weigh(inner).times(times)
        }
    }

    // MARK: Dice terms

    private func weigh(_ term: DiceTerm) throws(DiceFailure) -> DiceDistribution {
        let counts: DiceDistribution
        switch term.count {
        case .fixed(let count): counts = .constant(count)
        case .rolled(let expression): counts = try weigh(expression)
        }
        guard counts.lowest >= 0, !counts.unboundedBelow else {
            throw .impossible(expression: expression, problem: "\(term.text) may ask for fewer than no dice")
        }
        guard counts.highest <= DiceLimits.statisticsDice, !counts.unboundedAbove else {
            throw .overLimit(
                expression: expression,
                problem: "exact statistics weigh at most \(DiceLimits.statisticsDice) dice in one term")
        }
        let shape = try DieShape(term, statistician: self)
        var mixture: DiceDistribution?
        for (count, probability) in counts.outcomes {
            let total = try shape.total(of: count)
            if mixture == nil {
                mixture = total.scaled(by: probability)
            } else {
                try mixture?.add(total, weight: probability)
            }
        }
        return mixture ?? .constant(0)
    }

    /// One die after its per-die modifiers, and what the term does with several of them.
    private struct DieShape {
        var die: DiceDistribution
        /// Which ranks of the dice, highest first, the term keeps: from keep and drop, in order.
        var window: [(Range<Int>) -> Range<Int>] = []
        /// Without success counting a die scores its value; with it, +1, −1 or 0.
        var score: ((Int) -> Int)?
        /// An explosion whose extra dice count as dice of their own: they are scored in the chain.
        var scoredInChain = false

        init(_ term: DiceTerm, statistician: DiceStatistician) throws(DiceFailure) {
            let faces = try DiceDistribution.uniform(term.faces.values)
            die = faces
            let unsupported: (String) -> DiceFailure = { problem in
                .overLimit(expression: statistician.expression, problem: "exact statistics \(problem)")
            }
            let successes = term.modifiers.compactMap { if case .successes(let c) = $0 { c } else { nil } }
            let failures = term.modifiers.compactMap { if case .failures(let c) = $0 { c } else { nil } }
            if !successes.isEmpty {
                score = { value in
                    successes.count { $0.matches(value) } > 0
                        ? (failures.count { $0.matches(value) } > 0 ? 0 : 1)
                        : (failures.count { $0.matches(value) } > 0 ? -1 : 0)
                }
            }
            var ranked = false
            var counted = false
            for modifier in term.modifiers {
                switch modifier {
                case .reroll(let condition, let once):
                    guard !ranked, !counted, !scoredInChain else {
                        throw unsupported("cannot weigh a reroll after keep, drop, counting or an explosion")
                    }
                    die = try once ? rerolledOnce(die, condition, faces) : rerolledUntil(die, condition)
                case .explode(let explosion, let condition):
                    guard !ranked, !counted, !scoredInChain else {
                        throw unsupported("cannot weigh an explosion after keep, drop, counting or another explosion")
                    }
                    let condition = condition ?? Condition(.equal, term.faces.highest)
                    scoredInChain = explosion != .compound
                    let links = explosion == .compound ? nil : score
                    die = try exploded(die, explosion, condition, faces, scoring: links, statistician)
                case .minimum(let bound):
                    guard !counted, !scoredInChain else {
                        throw unsupported("cannot weigh min after counting or after an explosion of separate dice")
                    }
                    die = try die.map { max($0, bound) }
                case .maximum(let bound):
                    guard !counted, !scoredInChain else {
                        throw unsupported("cannot weigh max after counting or after an explosion of separate dice")
                    }
                    die = try die.map { min($0, bound) }
                case .keep(let highest, let count):
                    guard !scoredInChain else {
                        throw unsupported("cannot keep or drop after an explosion of separate dice; use !! to compound")
                    }
                    ranked = true
                    window.append { kept in
                        highest
                            ? kept.lowerBound..<(kept.lowerBound + min(count, kept.count))
                            : (kept.upperBound - min(count, kept.count))..<kept.upperBound
                    }
                case .drop(let highest, let count):
                    guard !scoredInChain else {
                        throw unsupported("cannot keep or drop after an explosion of separate dice; use !! to compound")
                    }
                    ranked = true
                    window.append { kept in
                        highest
                            ? (kept.lowerBound + min(count, kept.count))..<kept.upperBound
                            : kept.lowerBound..<(kept.upperBound - min(count, kept.count))
                    }
                case .successes, .failures:
                    counted = true
                }
            }
        }

        /// The term's value with `count` dice.
        func total(of count: Int) throws(DiceFailure) -> DiceDistribution {
            let kept = window.reduce(0..<count) { $1($0) }
            let scoring = scoredInChain ? nil : score
            if kept == 0..<count {
                return try (scoring.map { score throws(DiceFailure) in try die.map(score) } ?? die).times(count)
            }
            return try orderStatistics(die, dice: count, keeping: kept, scoring: scoring ?? { $0 })
        }
    }

    // MARK: Per-die modifiers

    private static func rerolledOnce(
        _ die: DiceDistribution, _ condition: Condition, _ faces: DiceDistribution
    ) throws(DiceFailure) -> DiceDistribution {
        var outcomes = Outcomes()
        let rerolled = die.outcomes.filter { condition.matches($0.value) }.reduce(0) { $0 + $1.probability }
        for (value, probability) in die.outcomes where !condition.matches(value) { outcomes.add(value, probability) }
        for (value, probability) in faces.outcomes { outcomes.add(value, probability * rerolled) }
        return try outcomes.distribution()
    }

    private static func rerolledUntil(_ die: DiceDistribution, _ condition: Condition) throws(DiceFailure)
        -> DiceDistribution
    {
        let kept = die.outcomes.filter { !condition.matches($0.value) }
        let mass = kept.reduce(0) { $0 + $1.probability }
        var outcomes = Outcomes()
        for (value, probability) in kept { outcomes.add(value, probability / mass) }
        return try outcomes.distribution()
    }

    /// A die and every die its explosion adds, as one distribution: of their sum, or with
    /// `scoring`, of their summed scores. The chain is followed until what is still exploding
    /// weighs less than `chainTail`; that remainder is the tail mass.
    private static func exploded(
        _ die: DiceDistribution, _ explosion: Explosion, _ condition: Condition, _ faces: DiceDistribution,
        scoring: ((Int) -> Int)?, _ statistician: DiceStatistician
    ) throws(DiceFailure) -> DiceDistribution {
        let score = scoring ?? { $0 }
        var settled = Outcomes()
        var pending = Outcomes()
        // The first die: it explodes on its own face.
        for (value, probability) in die.outcomes {
            condition.matches(value) ? pending.add(score(value), probability) : settled.add(score(value), probability)
        }
        var links = 0
        var work = 0
        while true {
            let waiting = try pending.distribution()
            let mass = waiting.probabilities.reduce(0, +)
            guard mass > chainTail else { break }
            links += 1
            work += waiting.probabilities.count * faces.probabilities.count
            guard links <= chainLinks, work <= DiceLimits.statisticsWork else {
                throw .overLimit(
                    expression: statistician.expression, problem: "its explosions go on too long to weigh exactly")
            }
            pending = Outcomes()
            for (sum, p) in waiting.outcomes {
                for (face, q) in faces.outcomes {
                    let counted = score(explosion == .penetrate ? face - 1 : face)
                    let explodesAgain = explosion != .once && condition.matches(face)
                    explodesAgain ? pending.add(sum + counted, p * q) : settled.add(sum + counted, p * q)
                }
            }
        }
        var chain = try settled.distribution()
        let tail = try pending.distribution().probabilities.reduce(0, +)
        chain.inherit(tailMass: tail, above: explosion != .once, below: false)
        return chain
    }

    // MARK: Keep and drop

    /// The total score of the dice ranked `keeping` (0 is the highest) among `dice` dice like `die`.
    ///
    /// Outcomes are taken from the highest down; given that a die is no higher than the outcome at
    /// hand, it shows exactly that outcome with probability q, so of the r dice not yet placed a
    /// binomial number show it, and they take the next ranks. Ties take distinct ranks, so keep
    /// and drop always pick distinct dice.
    private static func orderStatistics(
        _ die: DiceDistribution, dice: Int, keeping kept: Range<Int>, scoring: (Int) -> Int
    ) throws(DiceFailure) -> DiceDistribution {
        let faces = die.outcomes.reversed().map {
            (value: $0.value, probability: $0.probability, score: scoring($0.value))
        }
        let lowestScore = min(0, (faces.map(\.score).min() ?? 0) * kept.count)
        let highestScore = max(0, (faces.map(\.score).max() ?? 0) * kept.count)
        let width = highestScore - lowestScore + 1
        try DiceDistribution.checkOutcomes(width)
        try DiceDistribution.checkWork(faces.count * (dice + 1) * (dice + 1) / 2 * width)

        // table[placed][score - lowestScore]: the probability of this many dice placed so far.
        var table = [[Double]](repeating: [], count: dice + 1)
        table[0] = [Double](repeating: 0, count: width)
        table[0][-lowestScore] = 1
        var remainingMass = faces.reduce(0) { $0 + $1.probability }
        for face in faces {
            let q = remainingMass > 0 ? min(1, face.probability / remainingMass) : 1
            remainingMass -= face.probability
            var next = [[Double]](repeating: [], count: dice + 1)
            for placed in 0...dice where !table[placed].isEmpty {
                let remaining = dice - placed
                let chances = binomial(remaining, q)
                for (count, chance) in chances.enumerated() where chance > 0 {
                    let ranks = placed..<(placed + count)
                    let keptHere = ranks.clamped(to: kept).count
                    let shift = keptHere * face.score
                    if next[placed + count].isEmpty { next[placed + count] = [Double](repeating: 0, count: width) }
                    for (index, probability) in table[placed].enumerated() where probability > 0 {
                        next[placed + count][index + shift] += probability * chance
                    }
                }
            }
            table = next
        }
        var outcomes = Outcomes()
        for (index, probability) in table[dice].enumerated() where probability > 0 {
            outcomes.add(lowestScore + index, probability)
        }
        var result = try outcomes.distribution()
        result.inherit(tailMass: 0, above: die.unboundedAbove, below: die.unboundedBelow)
        return result
    }

    /// P(k of n) for k = 0…n, for a chance q each, computed in logarithms so large n stays exact.
    private static func binomial(_ n: Int, _ q: Double) -> [Double] {
        if q >= 1 { return [Double](repeating: 0, count: n) + [1] }
        if q <= 0 { return [1] + [Double](repeating: 0, count: n) }
        let logQ = log(q)
        let logNotQ = log1p(-q)
        let logNFactorial = logGamma(Double(n) + 1)
        return (0...n).map { k in
            exp(
                logNFactorial - logGamma(Double(k) + 1) - logGamma(Double(n - k) + 1) + Double(k) * logQ
                    + Double(n - k) * logNotQ)
        }
    }

    // MARK: Sets

    /// A set with modifiers: every joint outcome of its members, ranked and scored as dice are.
    private func weighSet(_ members: [DiceDistribution], _ modifiers: [DiceModifier]) throws(DiceFailure)
        -> DiceDistribution
    {
        if modifiers.isEmpty {
            var sum = members[0]
            for member in members.dropFirst() { sum = try sum.adding(member) }
            return sum
        }
        let combinations = members.reduce(1) { product, member in
            product.multipliedReportingOverflow(by: member.outcomes.count).overflow
                ? Int.max : product * member.outcomes.count
        }
        try DiceDistribution.checkWork(combinations)
        var outcomes = Outcomes()
        var choice = [Int](repeating: 0, count: members.count)
        let supports = members.map(\.outcomes)
        for _ in 0..<combinations {
            var probability = 1.0
            var values: [Int] = []
            for (member, index) in choice.enumerated() {
                probability *= supports[member][index].probability
                values.append(supports[member][index].value)
            }
            outcomes.add(Self.settle(values, modifiers), probability)
            for member in choice.indices {
                choice[member] += 1
                if choice[member] < supports[member].count { break }
                choice[member] = 0
            }
        }
        return try outcomes.distribution()
    }

    /// A set's value for one joint outcome of its members, as the roller would settle it.
    private static func settle(_ values: [Int], _ modifiers: [DiceModifier]) -> Int {
        var active = Array(values.indices)
        var successes: [Condition] = []
        var failures: [Condition] = []
        for modifier in modifiers {
            let byHighest = active.sorted { values[$0] == values[$1] ? $0 < $1 : values[$0] > values[$1] }
            let byLowest = active.sorted { values[$0] == values[$1] ? $0 < $1 : values[$0] < values[$1] }
            switch modifier {
            case .keep(let highest, let count): active = Array((highest ? byHighest : byLowest).prefix(count))
            case .drop(let highest, let count): active = Array((highest ? byHighest : byLowest).dropFirst(count))
            case .successes(let condition): successes.append(condition)
            case .failures(let condition): failures.append(condition)
            default: continue
            }
        }
        guard !successes.isEmpty else { return active.reduce(0) { $0 + values[$1] } }
        let succeeded = active.count { index in successes.contains { $0.matches(values[index]) } }
        let failed = active.count { index in failures.contains { $0.matches(values[index]) } }
        return succeeded - failed
    }
}
