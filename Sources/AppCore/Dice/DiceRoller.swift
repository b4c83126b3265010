import Fractal

/// Rolls a parsed expression with the injected random source, die by die, keeping every die for
/// the record. Work is bounded: at most `DiceLimits.diceRolled` dice for one result.
struct DiceRoller {
    let random: RandomSource
    let expression: String
    /// A d20 showing this or more is a critical; nil: only its highest face.
    let criticalFrom: Int?
    private var diceRolled = 0
    private var terms: [TermRoll] = []
    private var labels: [LabeledTotal] = []

    init(random: RandomSource, expression: String, criticalFrom: Int? = nil) {
        self.random = random
        self.expression = expression
        self.criticalFrom = criticalFrom
    }

    /// One result of the whole expression.
    mutating func roll(_ expression: DiceExpression) throws(DiceFailure) -> RollResult {
        diceRolled = 0
        terms = []
        labels = []
        let total = try evaluate(expression)
        return RollResult(total: total, terms: terms, labels: labels.isEmpty ? nil : labels)
    }

    private mutating func evaluate(_ expression: DiceExpression) throws(DiceFailure) -> Int {
        switch expression {
        case .number(let value):
            return value
        case .dice(let term):
            return try roll(term)
        case .set(let members, let modifiers, let text):
            var dice: [DieState] = []
            for member in members { dice.append(DieState(face: try evaluate(member))) }
            return try settle(&dice, modifiers, faces: nil, notation: text)
        case .negate(let inner):
            return try checked(0, .subtract, try evaluate(inner))
        case .arithmetic(let operation, let left, let right):
            let leftValue = try evaluate(left)
            return try checked(leftValue, operation, try evaluate(right))
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
            for _ in 0..<times { total = try checked(total, .add, try evaluate(inner)) }
            return total
        case .labeled(let inner, let label, let text):
            let value = try evaluate(inner)
            labels.append(LabeledTotal(label: label, notation: text, value: value))
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
        let faces = term.faces.values
        var dice: [DieState] = []
        for _ in 0..<count { dice.append(DieState(face: try face(from: faces))) }
        return try settle(&dice, term.modifiers, faces: term.faces, notation: term.text)
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
        _ dice: inout [DieState], _ explosion: Explosion, _ condition: Condition, _ faces: [Int]
    ) throws(DiceFailure) {
        if explosion == .compound {
            for index in dice.indices where dice[index].isActive {
                while let last = dice[index].faces.last, condition.matches(last) {
                    dice[index].compound(with: try face(from: faces))
                }
            }
            return
        }
        var index = 0
        while index < dice.count {
            defer { index += 1 }
            guard dice[index].isActive, !(explosion == .once && dice[index].extra),
                let last = dice[index].faces.last, condition.matches(last)
            else { continue }
            dice[index].exploded = true
            let raw = try face(from: faces)
            var added = DieState(face: raw)
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
        for modifier in modifiers {
            let active = dice.indices.filter { dice[$0].isActive }
            switch modifier {
            case .reroll(let condition, let once):
                guard let faces else { continue }
                for index in active {
                    var rerolls = 0
                    while condition.matches(dice[index].value) && (!once || rerolls == 0) {
                        dice[index].reroll(to: try face(from: faces.values))
                        rerolls += 1
                    }
                }
            case .explode(let explosion, let condition):
                guard let faces else { continue }
                try explode(&dice, explosion, condition ?? Condition(.equal, faces.highest), faces.values)
            case .minimum(let bound):
                for index in active { dice[index].value = max(dice[index].value, bound) }
            case .maximum(let bound):
                for index in active { dice[index].value = min(dice[index].value, bound) }
            case .keep(let highest, let count):
                for index in ranked(active, dice, highest: highest).dropFirst(count) { dice[index].dropped = true }
            case .drop(let highest, let count):
                for index in ranked(active, dice, highest: highest).prefix(count) { dice[index].dropped = true }
            case .successes(let condition):
                counting = true
                // Several conditions: a die matching any of them counts once.
                for index in active {
                    dice[index].success = dice[index].success == true || condition.matches(dice[index].value)
                }
            case .failures(let condition):
                for index in active {
                    dice[index].failure = dice[index].failure == true || condition.matches(dice[index].value)
                }
            }
        }
        let kept = dice.filter(\.isActive)
        let value: Int
        if counting {
            value = kept.count { $0.success == true } - kept.count { $0.failure == true }
        } else {
            var sum = 0
            for die in kept { sum = try checked(sum, .add, die.value) }
            value = sum
        }
        let rolls = dice.map { die in
            // The face the die showed: the last of its rerolls, the first of a compounded chain.
            let shown = (die.rerolled ? die.faces.last : die.faces.first) ?? die.value
            return die.roll(critical: faces.flatMap { critical(shown, of: $0) })
        }
        terms.append(TermRoll(notation: notation, dice: rolls, value: value))
        return value
    }

    /// The active dice from the one to keep first to the one to keep last. Ties go to the die
    /// rolled first, so that keep and drop always pick distinct dice.
    private func ranked(_ indices: [Int], _ dice: [DieState], highest: Bool) -> [Int] {
        indices.sorted { left, right in
            let (a, b) = (dice[left].value, dice[right].value)
            return a == b ? left < right : (highest ? a > b : a < b)
        }
    }

    private mutating func face(from faces: [Int]) throws(DiceFailure) -> Int {
        diceRolled += 1
        guard diceRolled <= DiceLimits.diceRolled else {
            throw .overLimit(
                expression: expression,
                problem: "one result may roll at most \(DiceLimits.diceRolled) dice, rerolls and explosions included")
        }
        return faces[Int(random.uniform(below: UInt64(faces.count)))]
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
    var faces: [Int]
    var dropped = false
    var rerolled = false
    var exploded = false
    var extra = false
    var success: Bool?
    var failure: Bool?

    init(face: Int) {
        value = face
        faces = [face]
    }

    var isActive: Bool { !dropped }

    mutating func reroll(to face: Int) {
        faces.append(face)
        value = face
        rerolled = true
    }

    mutating func compound(with face: Int) {
        faces.append(face)
        value += face
        exploded = true
    }

    func roll(critical: Critical?) -> DieRoll {
        DieRoll(
            value: value, faces: faces, dropped: dropped, rerolled: rerolled, exploded: exploded, extra: extra,
            success: success, failure: failure, critical: critical)
    }
}
