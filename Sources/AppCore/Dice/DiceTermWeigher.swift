/// Weighs one dice term exactly, as the roller settles it: the modifiers before the dice are
/// ranked act on each die alone, keep and drop rank them, and the modifiers after act on each
/// kept die alone. The parser keeps keep and drop together and counting last, so every term
/// has this shape.
struct DiceTermWeigher {
    let fresh: DieLaw
    /// Per-die modifiers before keep and drop (all of them when nothing is kept or dropped).
    let before: [DiceModifier]
    /// Which ranks, highest first, the term keeps among so many dice.
    let window: (Int) -> Range<Int>
    let ranks: Bool
    /// `kh0` or `kl0`: every die dropped, the term is 0.
    let keepsNothing: Bool
    /// Per-die modifiers after keep and drop.
    let after: [DiceModifier]
    /// Without success counting a die scores its value; with it, +1, −1 or 0.
    let score: ((Int) -> Int)?
    /// How many ranks from the highest and from the lowest keep and drop tell apart: ranks
    /// further than these from both ends are either all kept or all dropped, whatever the number
    /// of dice. Each is the sum of the keep and drop counts, or 0 at an end no modifier counts
    /// from (`dl1` counts from the lowest only: `kh` and `dh` count from the highest).
    let highReach: Int
    let lowReach: Int

    /// The probability left over where one die's explosion chain is cut off.
    static let chainCutoff = DiceLimits.tailMass / 1e4

    init(_ term: DiceTerm) {
        fresh = DieLaw(faces: term.faces.values)
        let perDie = term.modifiers.filter(\.actsOnEachDie)
        // Keeping or dropping no dice (dh0, kl0 aside) ranks nothing.
        let counts = term.modifiers.compactMap { modifier -> Int? in
            switch modifier {
            case .keep(_, let count), .drop(_, let count): count
            default: nil
            }
        }
        let firstRank = counts.reduce(0, +) > 0 ? term.modifiers.firstIndex(where: \.ranks) : nil
        keepsNothing = term.modifiers.contains { if case .keep(_, 0) = $0 { true } else { false } }
        let split = firstRank.map { rank in term.modifiers[..<rank].count(where: \.actsOnEachDie) } ?? perDie.count
        before = Array(perDie[..<split])
        after = Array(perDie[split...])
        ranks = firstRank != nil
        var windows: [(Range<Int>) -> Range<Int>] = []
        var (reach, fromHighest, fromLowest) = (0, false, false)
        for modifier in term.modifiers {
            switch modifier {
            case .keep(let highest, let count):
                reach += count
                (fromHighest, fromLowest) = (fromHighest || highest, fromLowest || !highest)
                windows.append { kept in
                    highest
                        ? kept.lowerBound..<(kept.lowerBound + min(count, kept.count))
                        : (kept.upperBound - min(count, kept.count))..<kept.upperBound
                }
            case .drop(let highest, let count):
                reach += count
                (fromHighest, fromLowest) = (fromHighest || highest, fromLowest || !highest)
                windows.append { kept in
                    highest
                        ? (kept.lowerBound + min(count, kept.count))..<kept.upperBound
                        : kept.lowerBound..<(kept.upperBound - min(count, kept.count))
                }
            default: continue
            }
        }
        // Counted from one end only, every cut lies within `reach` of that end; from both, a cut
        // from one end may follow one from the other, so both ends reach as far as all of them.
        highReach = fromHighest ? reach : 0
        lowReach = fromLowest ? reach : 0
        window = { count in windows.reduce(0..<count) { $1($0) } }
        let successes = term.modifiers.compactMap { if case .successes(let c) = $0 { c } else { nil } }
        let failures = term.modifiers.compactMap { if case .failures(let c) = $0 { c } else { nil } }
        score =
            successes.isEmpty
            ? nil
            : { value in
                (successes.contains { $0.matches(value) } ? 1 : 0) - (failures.contains { $0.matches(value) } ? 1 : 0)
            }
    }

    /// What one rolled die comes to where nothing is ranked: the term is `count` of these, added.
    func unranked() throws(DiceFailure) -> DiceDistribution {
        try contribution(of: fresh, through: before)
    }

    /// The term's value with `count` dice, where dice are kept or dropped.
    func ranked(of count: Int, _ budget: inout DiceWorkBudget) throws(DiceFailure) -> DiceDistribution {
        if before.contains(where: \.addsDice) {
            return try DiceRankedGroups(term: self).total(of: count, &budget)
        }
        return try DiceOrderStatistics(term: self, law: try settled(fresh, through: before)).total(of: count, &budget)
    }

    /// The work of adding up `count` dice of `width` outcomes, as an estimate made before any of
    /// it is done: the sizes of the convolutions of repeated squaring.
    func estimatedWork(of count: Int, width: Int) -> Int {
        var work = 0
        var remaining = count
        var power = width
        var result = 1
        while remaining > 0 {
            if remaining & 1 == 1 {
                work += result * power
                result += power - 1
            }
            remaining >>= 1
            if remaining > 0 {
                work += power * power
                power = 2 * power - 1
            }
            if work > DiceLimits.statisticsWork { return work }
        }
        return work
    }

    // MARK: One die

    /// A die's law after modifiers that neither add dice nor end in one: rerolls, min, max, `!!`.
    func settled(_ law: DieLaw, through modifiers: [DiceModifier]) throws(DiceFailure) -> DieLaw {
        var law = law
        for modifier in modifiers {
            switch modifier {
            case .reroll(let condition, let once): law = law.rerolled(condition, once: once, fresh: fresh)
            case .minimum(let bound): law = law.clamped(below: bound)
            case .maximum(let bound): law = law.clamped(above: bound)
            case .explode(_, let condition):
                law = try law.compounded(condition ?? highestFace, fresh: fresh, cutoff: Self.chainCutoff)
            default: continue
            }
        }
        return law
    }

    /// What a die in this state, and every die its explosion adds, score together after `modifiers`.
    func contribution(of law: DieLaw, through modifiers: [DiceModifier]) throws(DiceFailure) -> DiceDistribution {
        guard let split = modifiers.firstIndex(where: \.addsDice),
            case .explode(let explosion, let condition) = modifiers[split]
        else {
            return try scored(try settled(law, through: modifiers))
        }
        let first = try settled(law, through: Array(modifiers[..<split]))
        let rest = Array(modifiers[(split + 1)...])
        return try chain(first, explosion, condition ?? highestFace, rest: rest)
    }

    var highestFace: Condition { Condition(.equal, fresh.chances.keys.map(\.face).max() ?? 0) }

    /// The score of a die's value; bounds where the value has none are scored at its far ends.
    func scored(_ law: DieLaw) throws(DiceFailure) -> DiceDistribution {
        let values = try law.values()
        guard let score else { return values }
        return try values.map(
            bounds: { bounds in
                var scores = values.outcomes.map { score($0.value) }
                if bounds.upper == nil { scores.append(score(DiceLimits.largestNumber * 1_000)) }
                if bounds.lower == nil { scores.append(score(-DiceLimits.largestNumber * 1_000)) }
                return DiceBounds(scores) ?? .exactly(0)
            }, score)
    }

    /// An explosion of separate dice (`!`, `!p`, `!o`): each added die is a die of its own,
    /// settled by `rest` and scored, and the chain's scores are added up.
    private func chain(
        _ first: DieLaw, _ explosion: Explosion, _ condition: Condition, rest: [DiceModifier]
    ) throws(DiceFailure) -> DiceDistribution {
        let extras = addedDice(explosion, condition)
        let extraScores = try extras.map { (die, chance, again) throws(DiceFailure) in
            (try scored(try settled(DieLaw(die), through: rest)), chance, again)
        }
        var faceBounds: [Int: DiceBounds] = [:]
        for (index, extra) in extras.enumerated() { faceBounds[extra.die.face] = extraScores[index].0.bounds }
        let onward = fresh.continuation(condition, repeating: explosion != .once) { faceBounds[$0] ?? .exactly(0) }
        var settledTotal: DiceDistribution?
        var pending: DiceDistribution?
        var reach: [DiceBounds] = []
        for (die, chance) in first.chances {
            let own = try scored(try settled(DieLaw(die), through: rest))
            if condition.matches(die.face) {
                try pending.mix(own, weight: chance)
                reach.append(own.bounds.adding(onward))
            } else {
                try settledTotal.mix(own, weight: chance)
                reach.append(own.bounds)
            }
        }
        var work = 0
        while let waiting = pending, waiting.probabilities.reduce(0, +) > Self.chainCutoff {
            pending = nil
            for (scores, chance, again) in extraScores {
                work += waiting.probabilities.count * scores.probabilities.count
                try DiceDistribution.checkWork(work)
                let next = try waiting.adding(scores)
                if again { try pending.mix(next, weight: chance) } else { try settledTotal.mix(next, weight: chance) }
            }
        }
        var result = settledTotal ?? .constant(0)
        let tail = pending.map { $0.probabilities.reduce(0, +) } ?? 0
        result.inherit(tailMass: tail, bounds: DiceBounds(union: reach))
        return result
    }

    /// The dice an explosion adds, by face: what each counts, how likely, and whether it explodes in turn.
    func addedDice(_ explosion: Explosion, _ condition: Condition) -> [(die: ShownDie, chance: Double, again: Bool)] {
        fresh.chances.map { die, chance in
            let counted = explosion == .penetrate ? die.face - 1 : die.face
            return (ShownDie(value: counted, face: die.face), chance, explosion != .once && condition.matches(die.face))
        }
    }

}

extension DieLaw {
    /// A die known to be in this state.
    init(_ die: ShownDie) {
        self.init(chances: [die: 1], tailMass: 0, bounds: nil)
    }
}

extension DiceModifier {
    /// Rerolls, explosions, min and max: what changes each die by itself.
    var actsOnEachDie: Bool {
        switch self {
        case .reroll, .explode, .minimum, .maximum: true
        default: false
        }
    }

    var ranks: Bool {
        switch self {
        case .keep, .drop: true
        default: false
        }
    }

    /// An explosion of separate dice: the term ends with more dice than it rolled.
    var addsDice: Bool {
        if case .explode(let explosion, _) = self { explosion != .compound } else { false }
    }
}
