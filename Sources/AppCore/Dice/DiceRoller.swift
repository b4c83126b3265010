import Fractal

/// Rolls a parsed expression with the injected random source, die by die, keeping every die for
/// the record. Work is bounded: at most `DiceLimits.diceRolled` dice for one result.
///
/// A roller that keeps no dice (`keepsDice: false`) gives the same totals from the same draws
/// but records neither dice nor terms nor labels, and rolls each term's dice into buffers it
/// keeps from one result to the next: a tally of a million results then allocates nothing a
/// result once its buffers have grown.
struct DiceRoller {
    let random: RandomSource
    let expression: String
    /// A d20 showing this or more is a critical; nil: only its highest face.
    let criticalFrom: Int?
    /// Whether each result records its dice, terms and labels, or gives its total alone.
    let keepsDice: Bool
    private var diceRolled = 0
    /// Parts of the expression worked out for this result: sums of sums of numbers roll no dice,
    /// yet take time, bounded by `DiceLimits.stepsPerResult`.
    private var steps = 0
    private var terms: [TermRoll] = []
    private var labels: [LabeledTotal] = []
    /// Buffers of dice a term may roll into, given back when it is settled: a term inside
    /// another (a set's member, a rolled count) takes one of its own.
    private var spareDice: [[DieState]] = []
    /// The active dice in the order keep and drop rank them, reused by every ranking.
    private var ranking: [Int] = []

    init(random: RandomSource, expression: String, criticalFrom: Int? = nil, keepsDice: Bool = true) {
        self.random = random
        self.expression = expression
        self.criticalFrom = criticalFrom
        self.keepsDice = keepsDice
    }

    /// One result of the whole expression.
    mutating func roll(_ expression: DiceExpression) throws(DiceFailure) -> RollResult {
        diceRolled = 0
        steps = 0
        terms = []
        labels = []
        let total = try evaluate(expression)
        return RollResult(total: total, terms: terms, labels: labels.isEmpty ? nil : labels)
    }

    private mutating func evaluate(_ expression: DiceExpression) throws(DiceFailure) -> Int {
        steps += 1
        guard steps <= DiceLimits.stepsPerResult else {
            throw .overLimit(
                expression: self.expression,
                problem: "one result may take at most \(DiceLimits.stepsPerResult) steps, a term or an operation each")
        }
        switch expression {
        case .number(let value):
            return value
        case .dice(let term):
            return try roll(term)
        case .set(let members, let modifiers, let text):
            var dice = borrowDice()
            // The terms each member rolled: those of a member the set drops count for nothing,
            // and are marked dropped, so that no natural 20 is read from them.
            var memberTerms: [Range<Int>] = []
            for member in members {
                let first = terms.count
                dice.append(DieState(face: try evaluate(member), recorded: keepsDice))
                memberTerms.append(first..<terms.count)
            }
            let value = try settle(&dice, modifiers, faces: nil, notation: text)
            for (member, rolled) in zip(dice, memberTerms) where member.dropped {
                for index in rolled { terms[index] = terms[index].setAside }
            }
            spareDice.append(dice)
            return value
        case .negate(let inner):
            let value = try evaluate(inner)
            return try checked(0, .subtract, value)
        case .arithmetic(let operation, let left, let right):
            // Each side evaluated before `checked` is called: an argument that rolls would have
            // the call copy the whole roller first.
            let leftValue = try evaluate(left)
            let rightValue = try evaluate(right)
            return try checked(leftValue, operation, rightValue)
        case .comparison(let comparison, let left, let right):
            let leftValue = try evaluate(left)
            return comparison.holds(leftValue, try evaluate(right)) ? 1 : 0
        case .function(.abs, let inner):
            let value = try evaluate(inner)
            return value < 0 ? try checked(0, .subtract, value) : value
        case .function(_, let inner):
            return try evaluate(inner)  // floor, ceil and round are the identity on integers
        case .sum(let times, let inner):
            var total = 0
            for _ in 0..<times {
                let value = try evaluate(inner)
                total = try checked(total, .add, value)
            }
            return total
        case .labeled(let inner, let label, let text):
            let value = try evaluate(inner)
            if keepsDice { labels.append(LabeledTotal(label: label, notation: text, value: value)) }
            return value
        }
    }

    private mutating func roll(_ term: DiceTerm) throws(DiceFailure) -> Int {
        let count: Int
        switch term.count {
        case .fixed(let fixed): count = fixed
        case .rolled(let expression): count = try evaluate(expression)
        }
        guard count >= 0 else {
            throw .impossible(expression: expression, problem: "\(term.text) asks for \(count) dice")
        }
        if !keepsDice && term.modifiers.isEmpty {
            // Nothing acts on the dice and none is kept: the term is their faces added, in the
            // order the dice are rolled, as settling them would add them.
            var total = 0
            for _ in 0..<count {
                let face = try face(from: term.faces)
                total = try checked(total, .add, face)
            }
            return total
        }
        var dice = borrowDice()
        for _ in 0..<count { dice.append(DieState(face: try face(from: term.faces), recorded: keepsDice)) }
        let value = try settle(&dice, term.modifiers, faces: term.faces, notation: term.text)
        spareDice.append(dice)
        return value
    }

    /// An empty buffer of dice, with the room of one used before.
    private mutating func borrowDice() -> [DieState] {
        var dice = spareDice.popLast() ?? []
        dice.removeAll(keepingCapacity: true)
        return dice
    }

    /// Whether a die that showed `face` is a critical: its highest face (or, on a d20, a face in
    /// the range asked for) or its lowest. A die of one face is neither.
    private func critical(_ face: Int, of faces: DiceFaces) -> Critical? {
        let (highest, lowest) = (faces.highest, faces.lowest)
        guard highest != lowest else { return nil }
        if let criticalFrom, faces == .sides(20), face >= criticalFrom { return .max }
        return face == highest ? .max : face == lowest ? .min : nil
    }

    private mutating func explode(
        _ dice: inout [DieState], _ explosion: Explosion, _ condition: Condition, _ faces: DiceFaces
    ) throws(DiceFailure) {
        if explosion == .compound {
            for index in dice.indices where dice[index].isActive {
                while condition.matches(dice[index].last) {
                    dice[index].compound(with: try face(from: faces))
                }
            }
            return
        }
        var index = 0
        while index < dice.count {
            defer { index += 1 }
            guard dice[index].isActive, !(explosion == .once && dice[index].extra),
                condition.matches(dice[index].last)
            else { continue }
            dice[index].exploded = true
            let raw = try face(from: faces)
            var added = DieState(face: raw, recorded: keepsDice)
            added.extra = true
            if explosion == .penetrate { added.value = raw - 1 }
            dice.insert(added, at: index + 1)
        }
    }

    /// Applies the modifiers in the order written, then works out the term's value. Rerolls and
    /// explosions need `faces`: a set has none, and the parser allows it neither.
    private mutating func settle(
        _ dice: inout [DieState], _ modifiers: [DiceModifier], faces: DiceFaces?, notation: String
    ) throws(DiceFailure) -> Int {
        var counting = false
        // Each modifier acts on the dice active when it begins: only keep and drop make a die
        // inactive, and they mark dice after ranking them all.
        for modifier in modifiers {
            switch modifier {
            case .reroll(let condition, let once):
                guard let faces else { continue }
                for index in dice.indices where dice[index].isActive {
                    var rerolls = 0
                    while condition.matches(dice[index].value) && (!once || rerolls == 0) {
                        dice[index].reroll(to: try face(from: faces))
                        rerolls += 1
                    }
                }
            case .explode(let explosion, let condition):
                guard let faces else { continue }
                try explode(&dice, explosion, condition ?? Condition(.equal, faces.highest), faces)
            case .minimum(let bound):
                for index in dice.indices where dice[index].isActive {
                    dice[index].value = max(dice[index].value, bound)
                }
            case .maximum(let bound):
                for index in dice.indices where dice[index].isActive {
                    dice[index].value = min(dice[index].value, bound)
                }
            case .keep(let highest, let count):
                rank(dice, highest: highest)
                for index in ranking.dropFirst(count) { dice[index].dropped = true }
            case .drop(let highest, let count):
                rank(dice, highest: highest)
                for index in ranking.prefix(count) { dice[index].dropped = true }
            case .successes(let condition):
                counting = true
                // Several conditions: a die matching any of them counts once.
                for index in dice.indices where dice[index].isActive {
                    dice[index].success = dice[index].success == true || condition.matches(dice[index].value)
                }
            case .failures(let condition):
                for index in dice.indices where dice[index].isActive {
                    dice[index].failure = dice[index].failure == true || condition.matches(dice[index].value)
                }
            }
        }
        var value = 0
        for die in dice where die.isActive {
            if counting {
                value += (die.success == true ? 1 : 0) - (die.failure == true ? 1 : 0)
            } else {
                value = try checked(value, .add, die.value)
            }
        }
        if keepsDice {
            let rolls = dice.map { die in
                // The face the die showed: the last of its rerolls, the first of a compounded chain.
                die.roll(
                    critical: faces.flatMap { critical(die.rerolled ? die.last : die.first, of: $0) },
                    sides: faces?.numberedSides)
            }
            terms.append(TermRoll(notation: notation, dice: rolls, value: value))
        }
        return value
    }

    /// Puts the active dice in `ranking`, from the one to keep first to the one to keep last.
    /// Ties go to the die rolled first, so that keep and drop always pick distinct dice.
    private mutating func rank(_ dice: [DieState], highest: Bool) {
        ranking.removeAll(keepingCapacity: true)
        for index in dice.indices where dice[index].isActive { ranking.append(index) }
        ranking.sort { left, right in
            let (a, b) = (dice[left].value, dice[right].value)
            return a == b ? left < right : (highest ? a > b : a < b)
        }
    }

    private mutating func face(from faces: DiceFaces) throws(DiceFailure) -> Int {
        diceRolled += 1
        guard diceRolled <= DiceLimits.diceRolled else {
            throw .overLimit(
                expression: expression,
                problem: "one result may roll at most \(DiceLimits.diceRolled) dice, rerolls and explosions included")
        }
        return faces.face(at: Int(random.uniform(below: UInt64(faces.count))))
    }

    private func checked(_ left: Int, _ operation: ArithmeticOperator, _ right: Int) throws(DiceFailure) -> Int {
        let (result, overflow): (Int, Bool)
        switch operation {
        case .add: (result, overflow) = left.addingReportingOverflow(right)
        case .subtract: (result, overflow) = left.subtractingReportingOverflow(right)
        case .multiply: (result, overflow) = left.multipliedReportingOverflow(by: right)
        case .divide:
            guard right != 0 else { throw .impossible(expression: expression, problem: "it divides by zero") }
            return floorDivide(left, right)
        }
        guard !overflow else { throw .overLimit(expression: expression, problem: "a result is too large to count") }
        return result
    }
}

/// Integer division rounding toward −∞: −7 / 2 is −4.
func floorDivide(_ left: Int, _ right: Int) -> Int {
    let quotient = left / right
    return (left % right != 0) && ((left < 0) != (right < 0)) ? quotient - 1 : quotient
}

/// A die while its term is being rolled.
private struct DieState {
    var value: Int
    /// The first face it showed, and the last: a reroll or a compounded explosion shows another.
    let first: Int
    var last: Int
    /// Every face it showed, in order, where the roller keeps its dice; nil where it does not.
    var recorded: [Int]?
    var dropped = false
    var rerolled = false
    var exploded = false
    var extra = false
    var success: Bool?
    var failure: Bool?

    init(face: Int, recorded: Bool) {
        value = face
        first = face
        last = face
        self.recorded = recorded ? [face] : nil
    }

    var isActive: Bool { !dropped }

    mutating func reroll(to face: Int) {
        recorded?.append(face)
        last = face
        value = face
        rerolled = true
    }

    mutating func compound(with face: Int) {
        recorded?.append(face)
        last = face
        value += face
        exploded = true
    }

    func roll(critical: Critical?, sides: Int?) -> DieRoll {
        DieRoll(
            value: value, faces: recorded ?? [first], dropped: dropped, rerolled: rerolled, exploded: exploded,
            extra: extra, success: success, failure: failure, critical: critical, sides: sides)
    }
}
