/// A die as its modifiers see it: the value it counts, and the face it last showed. They differ
/// after min or max (`1d6max4` showing 6 counts 4) and for a compounded die; a reroll and a count
/// look at the value, an explosion at the face.
struct ShownDie: Hashable, Sendable {
    var value: Int
    var face: Int
}

/// The chances of one die's every state, with the mass of states cut off (a compounding chain
/// followed only so far) and the true bounds of its value.
struct DieLaw: Sendable {
    private(set) var chances: [ShownDie: Double]
    private(set) var tailMass: Double
    private(set) var bounds: DiceBounds

    /// A fresh die: each face equally likely, a face listed twice twice as likely.
    init(faces: [Int]) {
        var chances: [ShownDie: Double] = [:]
        for face in faces { chances[ShownDie(value: face, face: face), default: 0] += 1 / Double(faces.count) }
        self.init(chances: chances, tailMass: 0, bounds: nil)
    }

    /// `bounds` nil: the states held are all there are.
    init(chances: [ShownDie: Double], tailMass: Double, bounds: DiceBounds?) {
        self.chances = chances
        self.tailMass = tailMass
        let values = chances.keys.map(\.value)
        let held = DiceBounds(lower: values.min(), upper: values.max())
        self.bounds = bounds.map { $0.union(held) } ?? held
    }

    /// The distribution of the value.
    func values() throws(DiceFailure) -> DiceDistribution {
        var outcomes = Outcomes()
        for (die, chance) in chances { outcomes.add(die.value, chance) }
        var distribution = try outcomes.distribution()
        distribution.inherit(tailMass: tailMass, bounds: bounds)
        return distribution
    }

    // MARK: Per-die modifiers

    /// `ro` (once) or `rr` (until it no longer matches): the value is tested, a fresh face replaces it.
    func rerolled(_ condition: Condition, once: Bool, fresh: DieLaw) -> DieLaw {
        var result: [ShownDie: Double] = [:]
        var rerolled = 0.0
        for (die, chance) in chances {
            if condition.matches(die.value) { rerolled += chance } else { result[die, default: 0] += chance }
        }
        let replacements = once ? fresh.chances : fresh.chances.filter { !condition.matches($0.key.value) }
        let replacementMass = replacements.values.reduce(0, +)
        for (die, chance) in replacements { result[die, default: 0] += rerolled * chance / replacementMass }
        // What an unbounded tail could still reach, once the rerolled part is taken out.
        let kept = bounds.excluding(condition)
        let replaced = DiceBounds(
            lower: replacements.keys.map(\.value).min(), upper: replacements.keys.map(\.value).max())
        var newBounds = kept ?? replaced
        if rerolled > 0 || tailMass > 0, kept != nil { newBounds = newBounds.union(replaced) }
        return DieLaw(chances: result, tailMass: tailMass, bounds: tailMass > 0 ? newBounds : nil)
    }

    /// `min` and `max`: the value moves, the face it showed stays.
    func clamped(below bound: Int) -> DieLaw {
        mapValues(bounds: bounds.clamped(below: bound)) { Swift.max($0, bound) }
    }

    func clamped(above bound: Int) -> DieLaw {
        mapValues(bounds: bounds.clamped(above: bound)) { Swift.min($0, bound) }
    }

    private func mapValues(bounds newBounds: DiceBounds, _ transform: (Int) -> Int) -> DieLaw {
        var result: [ShownDie: Double] = [:]
        for (die, chance) in chances {
            result[ShownDie(value: transform(die.value), face: die.face), default: 0] += chance
        }
        return DieLaw(chances: result, tailMass: tailMass, bounds: tailMass > 0 ? newBounds : nil)
    }

    /// `!!`: while the last face explodes another is rolled and added to the same die. The chain
    /// is followed until what still explodes weighs less than `cutoff`; that is the tail mass.
    /// A compounded die's last face is not kept: a term explodes once, and nothing else reads it.
    func compounded(_ condition: Condition, fresh: DieLaw, cutoff: Double) throws(DiceFailure) -> DieLaw {
        var settled: [ShownDie: Double] = [:]
        var starting = Outcomes()
        for (die, chance) in chances {
            if condition.matches(die.face) { starting.add(die.value, chance) } else { settled[die] = chance }
        }
        var again = Outcomes()
        var last = Outcomes()
        for (die, chance) in fresh.chances {
            if condition.matches(die.face) { again.add(die.face, chance) } else { last.add(die.face, chance) }
        }
        let (explodes, ends) = (try again.distribution(), try last.distribution())
        var pending: DiceDistribution? = try starting.distribution()
        var chains: DiceDistribution?
        var work = 0
        // Dense convolutions, link after link: long chains of large dice stay quick.
        while let waiting = pending, waiting.probabilities.reduce(0, +) > cutoff {
            work += waiting.probabilities.count * (explodes.probabilities.count + ends.probabilities.count)
            try DiceDistribution.checkWork(work)
            try chains.mix(try waiting.adding(ends), weight: 1)
            pending = try waiting.adding(explodes)
        }
        for (value, chance) in chains?.outcomes ?? [] {
            settled[ShownDie(value: value, face: value), default: 0] += chance
        }
        let cutOff = pending.map { $0.probabilities.reduce(0, +) } ?? 0
        let exploding = chances.keys.filter { condition.matches($0.face) }.map(\.value)
        let steady = chances.keys.filter { !condition.matches($0.face) }.map(\.value)
        let onward = fresh.continuation(condition, repeating: true) { DiceBounds.exactly($0) }
        let reach = [DiceBounds(steady), DiceBounds(exploding)?.adding(onward)].compactMap { $0 }
        return DieLaw(chances: settled, tailMass: tailMass + cutOff, bounds: DiceBounds(union: reach))
    }

    /// The bounds of what the dice an explosion adds come to, each counted as `count` says: the
    /// faces that explode again any number of times, then one that does not (`repeating`), or
    /// one face of any kind (`!o`).
    func continuation(
        _ condition: Condition, repeating: Bool, of count: (Int) -> DiceBounds
    ) -> DiceBounds {
        let faces = Set(chances.keys.map(\.face))
        let again = repeating ? faces.filter(condition.matches) : []
        let last = repeating ? faces.filter { !condition.matches($0) } : faces
        let lastBounds = DiceBounds(union: last.map(count)) ?? .exactly(0)
        guard let againBounds = DiceBounds(union: again.map(count)) else { return lastBounds }
        return lastBounds.adding(againBounds.repeatedAnyNumberOfTimes)
    }
}
