/// Works out the exact distribution of a dice expression by convolution over outcomes, never by
/// sampling. Each dice term is weighed by `DiceTermWeigher`; arithmetic, functions, comparisons
/// and sets combine the distributions, carrying their true bounds and tail mass along.
struct DiceStatistician {
    let expression: String

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
            return try weigh(inner).negated()
        case .arithmetic(.add, let left, let right):
            return try weigh(left).adding(try weigh(right))
        case .arithmetic(.subtract, let left, let right):
            return try weigh(left).adding(try weigh(right).negated())
        case .arithmetic(.multiply, let left, let right):
            let (left, right) = (try weigh(left), try weigh(right))
            return try left.combining(right, bounds: left.bounds.multiplying(right.bounds)) {
                (a, b) throws(DiceFailure) in
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                guard !overflow else { throw DiceDistribution.tooLarge }
                return product
            }
        case .arithmetic(.divide, let left, let right):
            let divisor = try weigh(right)
            guard divisor.probability(of: 0) == 0 else {
                throw .impossible(expression: self.expression, problem: "it may divide by zero")
            }
            let dividend = try weigh(left)
            return try dividend.combining(divisor, bounds: dividend.bounds.dividing(by: divisor.divisorExtremes)) {
                a, b in floorDivide(a, b)
            }
        case .comparison(let comparison, let left, let right):
            let (left, right) = (try weigh(left), try weigh(right))
            return try left.combining(right, bounds: comparison.possibleResults(left.bounds, right.bounds)) { a, b in
                comparison.holds(a, b) ? 1 : 0
            }
        case .function(.abs, let inner):
            return try weigh(inner).map(bounds: \.absolute) { (value) throws(DiceFailure) in
                guard value != Int.min else { throw DiceDistribution.tooLarge }
                return Swift.abs(value)
            }
        case .function(_, let inner):
            return try weigh(inner)
        case .sum(let times, let inner):
            return try weigh(inner).times(times)
        case .labeled(let inner, _, _):
            return try weigh(inner)
        }
    }

    // MARK: Dice terms

    private func weigh(_ term: DiceTerm) throws(DiceFailure) -> DiceDistribution {
        let counts: DiceDistribution
        switch term.count {
        case .fixed(let count): counts = .constant(count)
        case .rolled(let expression): counts = try weigh(expression)
        }
        guard let fewest = counts.bounds.lower, fewest >= 0 else {
            throw .impossible(expression: expression, problem: "\(term.text) may ask for fewer than no dice")
        }
        guard let most = counts.bounds.upper, most <= DiceLimits.statisticsDice else {
            throw .overLimit(
                expression: expression,
                problem: "exact statistics weigh at most \(DiceLimits.statisticsDice) dice in one term")
        }
        let weigher = DiceTermWeigher(term)
        guard !weigher.keepsNothing else { return .constant(0) }
        var mixture: DiceDistribution?
        guard !weigher.ranks else {
            var budget = DiceWorkBudget()
            for (count, probability) in counts.outcomes {
                try mixture.mix(try weigher.ranked(of: count, &budget), weight: probability)
            }
            return mixture ?? .constant(0)
        }
        let die = try weigher.unranked()
        // Refused before any work: every count is weighed, the most dice the most work.
        let work = counts.outcomes.reduce(0) { total, count in
            total + weigher.estimatedWork(of: count.value, width: die.probabilities.count)
        }
        try DiceDistribution.checkWork(work)
        for (count, probability) in counts.outcomes {
            try mixture.mix(try die.times(count), weight: probability)
        }
        return mixture ?? .constant(0)
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
        guard combinations <= DiceLimits.statisticsStates else {
            throw .overLimit(
                expression: expression,
                problem: "a set that keeps, drops or counts is weighed over at most \(DiceLimits.statisticsStates) "
                    + "joint outcomes of its members")
        }
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
        var result = try outcomes.distribution()
        let tail = members.reduce(0) { DiceDistribution.eitherTail($0, $1.tailMass) }
        let counting = modifiers.contains { if case .successes = $0 { true } else { false } }
        result.inherit(tailMass: tail, bounds: counting ? nil : Self.settledBounds(members, modifiers))
        return result
    }

    /// The members a set keeps for one joint outcome, as the roller would pick them.
    private static func kept<Value: Comparable>(_ values: [Value], _ modifiers: [DiceModifier]) -> [Int] {
        var active = Array(values.indices)
        for modifier in modifiers {
            let byHighest = active.sorted { values[$0] == values[$1] ? $0 < $1 : values[$0] > values[$1] }
            let byLowest = active.sorted { values[$0] == values[$1] ? $0 < $1 : values[$0] < values[$1] }
            switch modifier {
            case .keep(let highest, let count): active = Array((highest ? byHighest : byLowest).prefix(count))
            case .drop(let highest, let count): active = Array((highest ? byHighest : byLowest).dropFirst(count))
            default: continue
            }
        }
        return active
    }

    /// The bounds of a set that keeps or drops without counting: its value only grows with each
    /// member's, so its bounds are those of the members' bounds, an infinity where one has none.
    private static func settledBounds(_ members: [DiceDistribution], _ modifiers: [DiceModifier]) -> DiceBounds {
        let lowers = members.map { $0.bounds.lower.map(Double.init) ?? -.infinity }
        let uppers = members.map { $0.bounds.upper.map(Double.init) ?? .infinity }
        let lower = kept(lowers, modifiers).reduce(0) { $0 + lowers[$1] }
        let upper = kept(uppers, modifiers).reduce(0) { $0 + uppers[$1] }
        return DiceBounds(lower: lower.isFinite ? Int(lower) : nil, upper: upper.isFinite ? Int(upper) : nil)
    }

    /// A set's value for one joint outcome of its members, as the roller would settle it.
    private static func settle(_ values: [Int], _ modifiers: [DiceModifier]) -> Int {
        let active = kept(values, modifiers)
        let successes = modifiers.compactMap { if case .successes(let c) = $0 { c } else { nil } }
        let failures = modifiers.compactMap { if case .failures(let c) = $0 { c } else { nil } }
        guard !successes.isEmpty else { return active.reduce(0) { $0 + values[$1] } }
        let succeeded = active.count { index in successes.contains { $0.matches(values[index]) } }
        let failed = active.count { index in failures.contains { $0.matches(values[index]) } }
        return succeeded - failed
    }
}
