/// Reads dice notation into a `DiceProgram`: a hand-written recursive descent over the characters,
/// so that every error can say where it is and what was expected, in a player's words.
public struct DiceParser {
    private let text: String
    private let characters: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    public static func parse(_ text: String) throws(DiceFailure) -> DiceProgram {
        var parser = DiceParser(text: text)
        return try parser.program()
    }

    private init(text: String) {
        self.text = text
        characters = Array(text.unicodeScalars)
    }

    // MARK: Grammar

    private mutating func program() throws(DiceFailure) -> DiceProgram {
        guard characters.count <= DiceLimits.expressionLength else {
            throw .overLimit(
                expression: text,
                problem: "it is \(characters.count) characters long; the limit is \(DiceLimits.expressionLength)")
        }
        skipSpaces()
        guard !atEnd else {
            throw syntax("the expression is empty: write dice such as 2d6+3")
        }
        var repeats = 1
        if let count = try repeatCount() {
            repeats = count
            skipSpaces()
        }
        let expression = try comparison()
        skipSpaces()
        guard atEnd else { throw unexpected("the end of the expression or an operator such as +") }
        return DiceProgram(repeats: repeats, expression: expression)
    }

    /// `6x` before an expression: the number of times to roll it.
    private mutating func repeatCount() throws(DiceFailure) -> Int? {
        let start = position
        guard peekIsDigit else { return nil }
        let count = try number()
        skipSpaces()
        guard let next = peek, next == "x" || next == "X" else {
            position = start
            return nil
        }
        position += 1
        guard (1...DiceLimits.repeats).contains(count) else {
            throw .overLimit(
                expression: text, problem: "\(count)x repeats; repeats go from 1 to \(DiceLimits.repeats)")
        }
        return count
    }

    private mutating func comparison() throws(DiceFailure) -> DiceExpression {
        let left = try additive()
        skipSpaces()
        guard let comparison = comparisonOperator() else { return left }
        skipSpaces()
        let right = try additive()
        return .comparison(comparison, left, right)
    }

    private mutating func additive() throws(DiceFailure) -> DiceExpression {
        var left = try multiplicative()
        while true {
            skipSpaces()
            guard let next = peek, next == "+" || next == "-" else { return left }
            position += 1
            let right = try multiplicative()
            left = .arithmetic(next == "+" ? .add : .subtract, left, right)
        }
    }

    private mutating func multiplicative() throws(DiceFailure) -> DiceExpression {
        var left = try unary()
        while true {
            skipSpaces()
            guard let next = peek, next == "*" || next == "/" else { return left }
            position += 1
            let right = try unary()
            left = .arithmetic(next == "*" ? .multiply : .divide, left, right)
        }
    }

    private mutating func unary() throws(DiceFailure) -> DiceExpression {
        skipSpaces()
        guard peek == "-" else { return try primary() }
        position += 1
        try enter()
        defer { depth -= 1 }
        return .negate(try unary())
    }

    private mutating func primary() throws(DiceFailure) -> DiceExpression {
        skipSpaces()
        let start = position
        guard let next = peek else {
            throw syntax("the expression ends too early: expected a number, dice such as d6, “(” or “{”")
        }
        if peekIsDigit {
            let count = try number()
            if peekIsDice { return .dice(try diceTerm(count: .fixed(count), from: start)) }
            return .number(count)
        }
        if peekIsDice { return .dice(try diceTerm(count: .fixed(1), from: start)) }
        if next == "(" {
            let inner = try parenthesized()
            if peekIsDice { return .dice(try diceTerm(count: .rolled(inner), from: start)) }
            return inner
        }
        if next == "{" { return try set() }
        if next.properties.numericType != nil {
            throw syntax("“\(next)” is not a digit here: write numbers with the digits 0 to 9")
        }
        if next.properties.isAlphabetic { return try function() }
        throw unexpected("a number, dice such as d6, “(” or “{”")
    }

    private mutating func parenthesized() throws(DiceFailure) -> DiceExpression {
        try expect("(")
        try enter()
        defer { depth -= 1 }
        let inner = try comparison()
        skipSpaces()
        try expect(")", closing: "(")
        return inner
    }

    private mutating func set() throws(DiceFailure) -> DiceExpression {
        let start = position
        try expect("{")
        try enter()
        defer { depth -= 1 }
        var members = [try comparison()]
        skipSpaces()
        while peek == "," {
            position += 1
            members.append(try comparison())
            skipSpaces()
        }
        try expect("}", closing: "{")
        let modifierStart = position
        let modifiers = try diceModifiers()
        for modifier in modifiers {
            switch modifier {
            case .keep, .drop, .successes, .failures: continue
            default:
                position = modifierStart
                throw syntax("a set can keep, drop or count its members; rerolls, explosions and min/max apply to dice")
            }
        }
        try checkFailuresFollowSuccesses(modifiers, from: modifierStart)
        return .set(members: members, modifiers: modifiers, text: source(from: start))
    }

    private mutating func function() throws(DiceFailure) -> DiceExpression {
        let start = position
        let name = word()
        if name == "sum" { return try sum(from: start) }
        guard let function = DiceFunction(rawValue: name) else {
            position = start
            throw syntax("unknown word “\(name)”: the functions are floor, ceil, round, abs and sum")
        }
        skipSpaces()
        return .function(function, try parenthesized())
    }

    /// `sum(Nx expr)`.
    private mutating func sum(from start: Int) throws(DiceFailure) -> DiceExpression {
        skipSpaces()
        try expect("(")
        try enter()
        defer { depth -= 1 }
        skipSpaces()
        guard let times = try repeatCount() else {
            throw syntax("sum needs a repeat inside, such as sum(3x 1d6)")
        }
        let expression = try comparison()
        skipSpaces()
        try expect(")", closing: "(")
        return .sum(times: times, expression)
    }

    // MARK: Dice

    private mutating func diceTerm(count: DiceCount, from start: Int) throws(DiceFailure) -> DiceTerm {
        position += 1  // the d
        let faces = try diceFaces()
        let modifierStart = position
        let modifiers = try diceModifiers()
        try checkFailuresFollowSuccesses(modifiers, from: modifierStart)
        let notation = source(from: start)
        try checkCanEnd(faces: faces, modifiers: modifiers, notation: notation)
        return DiceTerm(count: count, faces: faces, modifiers: modifiers, text: notation)
    }

    private mutating func diceFaces() throws(DiceFailure) -> DiceFaces {
        guard let next = peek else {
            throw syntax("expected the dice's sides after “d”, such as d6, d%, dF or d{1,2,3}")
        }
        switch next {
        case "%":
            position += 1
            return .percentile
        case "F", "f":
            position += 1
            guard peek == "." else { return .fate }
            position += 1
            guard peek == "1", !isDigit(at: position + 1) else {
                throw syntax("the Fate variant is written dF.1")
            }
            position += 1
            return .fateVariant
        case "{":
            return try customFaces()
        default:
            guard peekIsDigit else {
                throw unexpected("the dice's sides after “d”, such as d6, d%, dF or d{1,2,3}")
            }
            let start = position
            let sides = try number()
            guard sides > 0 else {
                position = start
                throw DiceFailure.impossible(expression: text, problem: "a die needs at least one side, not \(sides)")
            }
            guard sides <= DiceLimits.sides else {
                throw .overLimit(
                    expression: text, problem: "d\(sides) has too many sides; the limit is \(DiceLimits.sides)")
            }
            return .sides(sides)
        }
    }

    private mutating func customFaces() throws(DiceFailure) -> DiceFaces {
        try expect("{")
        var faces: [Int] = []
        repeat {
            if !faces.isEmpty { position += 1 }  // the comma
            skipSpaces()
            let negative = peek == "-"
            if negative { position += 1 }
            guard peekIsDigit else { throw unexpected("a whole number for a face, such as 3 or -1") }
            let face = try number()
            faces.append(negative ? -face : face)
            guard faces.count <= DiceLimits.customFaces else {
                throw .overLimit(expression: text, problem: "a die may have at most \(DiceLimits.customFaces) faces")
            }
            skipSpaces()
        } while peek == ","
        try expect("}", closing: "{")
        return .custom(faces)
    }

    /// Modifiers stand right after the dice, with no space between: `4d6kh3`, `5d10>=8f1`. A space
    /// ends the term, so `2d6 >= 7` compares the total, while `2d6>=7` counts dice.
    private mutating func diceModifiers() throws(DiceFailure) -> [DiceModifier] {
        var modifiers: [DiceModifier] = []
        var order = DiceModifierOrder()
        while true {
            let start = position
            guard let modifier = try diceModifier() else { return modifiers }
            if let problem = order.admit(modifier) {
                position = start
                throw syntax(problem)
            }
            modifiers.append(modifier)
        }
    }

    /// The modifier at hand, or nil where the modifiers end.
    private mutating func diceModifier() throws(DiceFailure) -> DiceModifier? {
        guard let next = peek?.lowercased else { return nil }
        switch next {
        case "k":
            position += 1
            guard let which = peek?.lowercased, which == "h" || which == "l" else {
                throw unexpected("kh (keep highest) or kl (keep lowest)")
            }
            position += 1
            return .keep(highest: which == "h", count: try optionalCount())
        case "d":
            guard let which = lookahead(1)?.lowercased, which == "h" || which == "l" else { return nil }
            position += 2
            return .drop(highest: which == "h", count: try optionalCount())
        case "r":
            position += 1
            let once = peek?.lowercased == "o"
            if once || peek?.lowercased == "r" { position += 1 }
            return .reroll(try condition(after: once ? "ro" : "r"), once: once)
        case "!":
            position += 1
            var explosion = Explosion.standard
            switch peek?.lowercased {
            case "!": explosion = .compound
            case "p": explosion = .penetrate
            case "o": explosion = .once
            default: break
            }
            if explosion != .standard { position += 1 }
            let condition = peekStartsCondition ? try condition(after: "!") : nil
            return .explode(explosion, condition)
        case "m":
            let start = position
            let name = word()
            guard name == "min" || name == "max" else {
                position = start
                throw syntax("unknown modifier “\(name)”: did you mean min or max?")
            }
            guard peekIsDigit || (peek == "-" && isDigit(at: position + 1)) else {
                throw unexpected("a number after \(name), such as \(name)2")
            }
            let bound = try signedNumber()
            return name == "min" ? .minimum(bound) : .maximum(bound)
        case "c":
            position += 1
            guard let which = peek?.lowercased, which == "s" || which == "f" else {
                throw unexpected("cs (count successes) or cf (count failures)")
            }
            position += 1
            let condition = try condition(after: "c\(which)")
            return which == "s" ? .successes(condition) : .failures(condition)
        case "f":
            position += 1
            return .failures(try condition(after: "f"))
        case ">", "<", "=":
            return .successes(try condition(after: ""))
        default:
            if next.first?.isLetter == true {
                throw syntax(
                    "unknown modifier “\(next)”: the modifiers are kh kl dh dl ro rr r ! !! !p !o min max cs cf f")
            }
            return nil
        }
    }

    /// A comparison and a number (`>=5`), or a bare number meaning `=`.
    private mutating func condition(after modifier: String) throws(DiceFailure) -> Condition {
        let comparison = comparisonOperator() ?? .equal
        guard peekIsDigit || (peek == "-" && isDigit(at: position + 1)) else {
            let what = modifier.isEmpty ? "the comparison" : "“\(modifier)”"
            throw unexpected("a number after \(what), such as \(modifier)>=5 or \(modifier)1")
        }
        return Condition(comparison, try signedNumber())
    }

    private mutating func optionalCount() throws(DiceFailure) -> Int {
        peekIsDigit ? try number() : 1
    }

    // MARK: Checks that need the whole term

    private mutating func checkFailuresFollowSuccesses(
        _ modifiers: [DiceModifier], from start: Int
    ) throws(DiceFailure) {
        var counting = false
        for modifier in modifiers {
            switch modifier {
            case .successes: counting = true
            case .failures where !counting:
                position = start
                throw syntax(
                    "failures are counted against successes: write the success condition first, as in 10d10>=8f1")
            default: continue
            }
        }
    }

    /// A roll must end: an explosion on every face, or a reroll of every face, never would.
    private func checkCanEnd(faces: DiceFaces, modifiers: [DiceModifier], notation: String) throws(DiceFailure) {
        let values = faces.values
        for modifier in modifiers {
            switch modifier {
            case .explode(let explosion, let condition) where explosion != .once:
                let explodes = condition ?? Condition(.equal, faces.highest)
                if values.allSatisfy(explodes.matches) {
                    throw .impossible(expression: text, problem: "\(notation) explodes forever: every face explodes")
                }
            case .reroll(let condition, once: false):
                if values.allSatisfy(condition.matches) {
                    throw .impossible(expression: text, problem: "\(notation) can never stop: every face is rerolled")
                }
            default: continue
            }
        }
    }

    // MARK: Characters

    private var atEnd: Bool { position >= characters.count }
    private func source(from start: Int) -> String {
        String(String.UnicodeScalarView(characters[start..<position]))
    }
    private var peek: Unicode.Scalar? { atEnd ? nil : characters[position] }
    private func lookahead(_ offset: Int) -> Unicode.Scalar? {
        position + offset < characters.count ? characters[position + offset] : nil
    }
    private var peekIsDigit: Bool { isDigit(at: position) }
    private var peekIsDice: Bool { peek == "d" || peek == "D" }
    private var peekStartsCondition: Bool {
        guard let next = peek else { return false }
        return next == ">" || next == "<" || next == "=" || peekIsDigit
    }

    private func isDigit(at index: Int) -> Bool {
        index < characters.count && ("0"..."9").contains(characters[index])
    }

    private mutating func skipSpaces() {
        while let next = peek, next == " " || next == "\t" { position += 1 }
    }

    private mutating func word() -> String {
        var letters = ""
        while let next = peek, next.properties.isAlphabetic {
            letters.unicodeScalars.append(next)
            position += 1
        }
        return letters.lowercased()
    }

    private mutating func comparisonOperator() -> Comparison? {
        for comparison in [Comparison.atLeast, .atMost, .greater, .less, .equal] {
            let symbol = Array(comparison.rawValue.unicodeScalars)
            if Array(characters[position..<min(characters.count, position + symbol.count)]) == symbol {
                position += symbol.count
                return comparison
            }
        }
        return nil
    }

    /// ASCII digits, at most `DiceLimits.largestNumber`, checked before any arithmetic can overflow.
    private mutating func number() throws(DiceFailure) -> Int {
        let start = position
        while peekIsDigit { position += 1 }
        let digits = String(String.UnicodeScalarView(characters[start..<position]))
        guard digits.count <= String(DiceLimits.largestNumber).count, let value = Int(digits),
            value <= DiceLimits.largestNumber
        else {
            let shown = digits.count > 20 ? "\(digits.prefix(20))… (\(digits.count) digits)" : digits
            throw .overLimit(
                expression: text,
                problem: "the number \(shown) is larger than \(DiceLimits.largestNumber), the largest allowed")
        }
        return value
    }

    private mutating func signedNumber() throws(DiceFailure) -> Int {
        let negative = peek == "-"
        if negative { position += 1 }
        let value = try number()
        return negative ? -value : value
    }

    private mutating func expect(_ symbol: Unicode.Scalar, closing opener: Unicode.Scalar? = nil) throws(DiceFailure) {
        guard peek == symbol else {
            if let opener { throw unexpected("“\(symbol)” to close the “\(opener)”") }
            throw unexpected("“\(symbol)”")
        }
        position += 1
    }

    private mutating func enter() throws(DiceFailure) {
        depth += 1
        guard depth <= DiceLimits.nesting else {
            throw .overLimit(
                expression: text,
                problem: "it nests more than \(DiceLimits.nesting) levels deep")
        }
    }

    // MARK: Errors

    private func syntax(_ problem: String) -> DiceFailure {
        .syntax(expression: text, position: position + 1, problem: problem)
    }

    private func unexpected(_ expected: String) -> DiceFailure {
        guard let found = peek else { return syntax("the expression ends too early: expected \(expected)") }
        return syntax("expected \(expected), not “\(found)”")
    }
}

extension Unicode.Scalar {
    fileprivate var lowercased: String { String(self).lowercased() }
}
