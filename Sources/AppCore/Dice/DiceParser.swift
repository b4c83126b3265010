import Essentials

/// Reads dice notation into a `DiceProgram`: a hand-written recursive descent over the characters,
/// so that every error can say where it is and what was expected, in a player's words.
public struct DiceParser {
    private let text: String
    private let characters: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    /// Where the term at hand counts with `cs` or `cf`, and what: Roll20's critical range on a d20.
    /// The `cs` and `cf` of the dice term being read, in the order written.
    private var countedRanges: [CountedRange] = []

    /// One roll: the line must hold exactly one expression (`--stats` weighs one at a time).
    public static func parse(_ text: String) throws(DiceFailure) -> DiceProgram {
        let rolls = try parseLine(text)
        guard rolls.count == 1, let roll = rolls.first else {
            throw .syntax(
                expression: text, position: 1,
                problem: "this line holds \(rolls.count) rolls; weigh one expression at a time")
        }
        return roll
    }

    /// Every roll on a line: `1d20+5 [attack] 1d8+3 # longsword` is two, the second commented.
    public static func parseLine(_ text: String) throws(DiceFailure) -> [DiceProgram] {
        var parser = DiceParser(text: text)
        return try parser.line()
    }

    private init(text: String) {
        self.text = text
        characters = Array(text.unicodeScalars)
    }

    // MARK: Grammar

    /// Rolls one after another, each ended by a space before a term that cannot continue it
    /// (`1d20+5 1d8+3`), each with its `# comment` up to the end of the line.
    private mutating func line() throws(DiceFailure) -> [DiceProgram] {
        guard characters.count <= DiceLimits.expressionLength else {
            throw .overLimit(
                expression: text,
                problem: "it is \(characters.count) characters long; the limit is \(DiceLimits.expressionLength)")
        }
        skipSpaces()
        guard !atEnd, peek != "#" else {
            throw syntax("the expression is empty: write dice such as 2d6+3")
        }
        var rolls: [DiceProgram] = []
        repeat {
            rolls.append(try program())
            skipSpaces()
        } while !atEnd && peekStartsTerm
        guard atEnd else { throw unexpected("the end of the expression or an operator such as +") }
        return rolls
    }

    private mutating func program() throws(DiceFailure) -> DiceProgram {
        let start = position
        var repeats = 1
        if let count = try repeatCount() {
            repeats = count
            skipSpaces()
        }
        let expression = try comparison()
        let end = position
        guard expression.height <= DiceLimits.operationDepth else {
            throw .overLimit(
                expression: text,
                problem: "its operations go more than \(DiceLimits.operationDepth) deep inside one another")
        }
        skipSpaces()
        let comment = peek == "#" ? try self.comment() : nil
        return DiceProgram(
            repeats: repeats, expression: expression, text: source(start..<end).trimmingWhitespace(), comment: comment)
    }

    /// `# to hit`: the rest of the line (or of the word the shell gave), spaces around it trimmed.
    private mutating func comment() throws(DiceFailure) -> String {
        position += 1  // the #
        let start = position
        while let next = peek, next != "\n" { position += 1 }
        let comment = source(start..<position).trimmingWhitespace()
        try checkText(comment, at: start, what: "a comment")
        return comment
    }

    /// `[fire]` after the terms it names.
    private mutating func label() throws(DiceFailure) -> String {
        let start = position
        position += 1  // the [
        while let next = peek, next != "]" { position += 1 }
        guard peek == "]" else {
            position = start
            throw syntax("a label opened with “[” must close with “]”, as in 2d6 [fire]")
        }
        let label = source(start + 1..<position).trimmingWhitespace()
        position += 1
        guard !label.isEmpty else {
            position = start
            throw syntax("a label names what its dice are for: write a word between the brackets, as in 2d6 [fire]")
        }
        try checkText(label, at: start + 1, what: "a label")
        return label
    }

    private func checkText(_ text: String, at start: Int, what: String) throws(DiceFailure) {
        guard text.count <= DiceLimits.labelLength else {
            throw .overLimit(
                expression: self.text,
                problem: "\(what) may be at most \(DiceLimits.labelLength) characters long")
        }
        if let control = text.firstControlOrBidi {
            throw .syntax(
                expression: self.text, position: start + 1,
                problem: "\(what) may not hold the control character \(control.codePoint)")
        }
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

    /// Terms added and taken away; a label (`2d6+3 [slashing] + 1d6 [fire]`) names the terms
    /// written since the previous label, so that damage of each type is told apart.
    private mutating func additive() throws(DiceFailure) -> DiceExpression {
        // The groups before this one, each labelled, added; and this one's first term and the
        // terms after it, with the operator before each (`DiceChain`).
        var groups: [DiceExpression] = []
        skipSpaces()
        var segmentStart = position
        var first = try multiplicative()
        var rest: [(ArithmeticOperator, DiceExpression)] = []
        var closed: DiceExpression?
        func segment() -> DiceExpression { closed ?? DiceChain.sum(first, rest) }
        func joined() -> DiceExpression {
            guard let head = groups.first else { return segment() }
            return DiceChain.sum(head, groups.dropFirst().map { (.add, $0) } + [(.add, segment())])
        }
        while true {
            skipSpaces()
            if peek == "[" {
                let text = source(segmentStart..<position).trimmingWhitespace()
                closed = .labeled(segment(), label: try label(), text: text)
                skipSpaces()
                if peek == "[" { throw syntax("these terms are labelled already: one label a group of terms") }
            }
            guard let next = peek, next == "+" || next == "-" else { return joined() }
            let operatorPosition = position
            position += 1
            let operation: ArithmeticOperator = next == "+" ? .add : .subtract
            skipSpaces()
            let start = position
            let right = try multiplicative()
            if let group = closed {
                // A new group: one taken away counts as negative, so that the groups add up.
                groups.append(group)
                (first, rest, closed) = (operation == .add ? right : .negate(right), [], nil)
                segmentStart = operation == .add ? start : operatorPosition
            } else {
                rest.append((operation, right))
            }
        }
    }

    /// Factors multiplied and divided, left to right: each run of factors multiplied is one
    /// product (`DiceChain`), which a division then divides.
    private mutating func multiplicative() throws(DiceFailure) -> DiceExpression {
        var (first, factors) = (try unary(), [DiceExpression]())
        while true {
            skipSpaces()
            guard let next = peek, next == "*" || next == "/" else { return DiceChain.product(first, factors) }
            position += 1
            let right = try unary()
            if next == "*" {
                factors.append(right)
            } else {
                (first, factors) = (.arithmetic(.divide, DiceChain.product(first, factors), right), [])
            }
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
        if peek == "," {
            throw syntax(
                "d20 groups rolls in parentheses, as in (1d20,1d20)kh1; here a set is written in braces: {1d20,1d20}kh1"
            )
        }
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
        let modifiers = try diceModifiers(after: start)
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
            if let hint = twoDiceHint(name, isNo: "word of dice") { throw hint }
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
        countedRanges = []
        let modifiers = try diceModifiers(after: start)
        try refuseCriticalRange(count: count, faces: faces, modifiers: modifiers, from: start)
        try checkFailuresFollowSuccesses(modifiers, from: modifierStart)
        let notation = source(from: start).trimmingWhitespace()
        try checkCanEnd(faces: faces, modifiers: modifiers, notation: notation)
        return DiceTerm(count: count, faces: faces, modifiers: modifiers, text: notation)
    }

    /// Roll20 reads `cs` and `cf` after a d20 as the faces that are a critical, and keeps the
    /// face as the total (`1d20cs>=19`, `2d20kh1cs>=19`); here they count the dice matching, which
    /// on the one d20 a roll keeps answers 0 or 1, never what was meant: refused, saying what to
    /// write. Where several d20s are kept (`2d20cs>=19`), or an explosion may add some
    /// (`1d20!cs>=19`), counting is what is asked.
    private mutating func refuseCriticalRange(
        count: DiceCount, faces: DiceFaces, modifiers: [DiceModifier], from start: Int
    ) throws(DiceFailure) {
        guard let range = countedRanges.first, faces == .sides(20), case .fixed(let rolled) = count else { return }
        var kept = rolled
        for modifier in modifiers {
            switch modifier {
            case .keep(_, let count): kept = min(kept, count)
            case .drop(_, let count): kept = max(0, kept - count)
            case .explode: return
            default: continue
            }
        }
        guard kept == 1 else { return }
        let dice = source(start..<range.at).trimmingWhitespace()
        // The whole expression but its cs and cf, as --crit takes it: `1d20+5 --crit 19`.
        var (whole, after) = ("", 0)
        for counted in countedRanges {
            whole += source(after..<counted.at)
            after = counted.end
        }
        whole = (whole + source(after..<characters.count)).trimmingWhitespace()
        let (comparison, value) = (range.condition.comparison, range.condition.value)
        // Spaced, the comparison is of the total: `2d20kh1 >= 19`, which after rerolls and keeps too
        // answers 1 where the roll matches.
        let counted = "\(dice) \(comparison.rawValue) \(value)"
        // --crit N marks N and up, from 2 to 20: advised only where the range is that; a natural 1
        // is marked as it is, where the range is 1 alone.
        let from = comparison == .greater ? value + 1 : value
        let marksFrom = !range.failures && [.atLeast, .greater].contains(comparison) && (2...20).contains(from)
        let marksOne = range.failures && (comparison == .equal || comparison == .atMost) && value == 1
        let marked =
            marksFrom
            ? "write \(whole) --crit \(from) to mark criticals from there up, "
            : marksOne ? "a natural 1 is marked already (\(whole) alone), " : ""
        position = range.at
        throw syntax(
            "Roll20's c\(range.failures ? "f" : "s")\(range.written) marks a critical "
                + "\(range.failures ? "failure" : "success") and keeps the roll; here it counts the dice matching, "
                + "0 or 1 on one d20: \(marked)write \(counted) to count the roll that matches")
    }

    private mutating func diceFaces() throws(DiceFailure) -> DiceFaces {
        // A word that starts with d is a name, not dice: `1d20 + 5 dex`.
        let name = letters(from: position)
        if let hint = twoDiceHint("d" + name, isNo: "dice") { throw hint }
        if name.count >= 2 {
            throw syntax("“d\(name)” is no dice: a name for terms goes in brackets after them, as in 1d20 + 5 [dex]")
        }
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

    /// Modifiers stand right after the dice: `4d6kh3`, `5d10>=8f1`. A space ends the term before
    /// a comparison, so `2d6 >= 7` compares the total, while `2d6>=7` counts dice; a modifier
    /// written with a letter or `!` may follow a space (`3d6 ro1`), since no term begins so.
    /// `term` is where the dice began, so that a message can write them out.
    private mutating func diceModifiers(after term: Int) throws(DiceFailure) -> [DiceModifier] {
        var modifiers: [DiceModifier] = []
        var order = DiceModifierOrder()
        while true {
            let start = position
            guard let modifier = try diceModifier(after: term) else {
                guard spacedModifierFollows else { return modifiers }
                while peek == " " || peek == "\t" { position += 1 }
                continue
            }
            if let problem = order.admit(modifier) {
                position = start
                throw syntax(problem)
            }
            modifiers.append(modifier)
        }
    }

    /// Whether spaces, then a word that only a modifier begins with, come next: a word that is
    /// neither a function nor dice (`ro1`, `kh3`, and other tools' `k3` or `e6`, so that they are
    /// told what to write here), or `!`.
    private var spacedModifierFollows: Bool {
        var index = position
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        guard index > position, index < characters.count else { return false }
        let first = characters[index]
        if first == "!" { return true }
        guard first.properties.isAlphabetic else { return false }
        var end = index
        while end < characters.count, characters[end].properties.isAlphabetic { end += 1 }
        let word = source(index..<end).lowercased()
        if DiceFunction(rawValue: word) != nil || word == "sum" { return false }
        guard word.first == "d", word.count > 1 else { return word.first != "d" }
        // `dh1`, `dl1` drop dice; `d6`, `d%`, `dF`, `d{…}` are dice of a new roll.
        let second = word.dropFirst().first
        return second == "h" || second == "l"
    }

    /// The modifier at hand, or nil where the modifiers end.
    private mutating func diceModifier(after term: Int) throws(DiceFailure) -> DiceModifier? {
        guard let next = peek?.lowercased else { return nil }
        let dice = source(term..<position)
        if let hint = twoDiceHint(letters(from: position), isNo: "modifier") { throw hint }
        switch next {
        case "k":
            position += 1
            guard let which = peek?.lowercased, which == "h" || which == "l" else {
                if peekIsDigit {
                    let count = source(position..<digitsEnd)
                    throw syntax(
                        "Roll20 and Foundry read k\(count) as keep the highest \(count), written \(dice)kh\(count) here; "
                            + "d20 reads it as keep the dice showing \(count), written \(count)*(\(dice)=\(count)) here"
                    )
                }
                throw unexpected("kh (keep highest) or kl (keep lowest)")
            }
            position += 1
            return .keep(highest: which == "h", count: try optionalCount())
        case "d":
            guard let which = lookahead(1)?.lowercased, which == "h" || which == "l" else {
                guard isDigit(at: position + 1) else { return nil }
                position += 1
                let count = source(position..<digitsEnd)
                throw syntax(
                    "Roll20 and Foundry read d\(count) as drop the lowest \(count), written \(dice)dl\(count) here")
            }
            position += 2
            return .drop(highest: which == "h", count: try optionalCount())
        case "r":
            position += 1
            if peek?.lowercased == "a" {
                position += 1
                let condition = source(position..<conditionEnd)
                throw syntax(
                    "d20's ra\(condition) rerolls a die once and adds the new one: an explosion once, "
                        + "written \(dice)!o\(Self.explicit(condition)) here")
            }
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
                if name == "mi" || name == "ma" {
                    let bound = source(position..<digitsEnd)
                    let ours = name == "mi" ? "min" : "max"
                    throw syntax("d20's \(name)\(bound) is written \(dice)\(ours)\(bound) here")
                }
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
            let (at, written) = (position - 2, source(position..<conditionEnd))
            let condition = try condition(after: "c\(which)")
            countedRanges.append(
                CountedRange(at: at, end: position, failures: which == "f", written: written, condition: condition))
            return which == "s" ? .successes(condition) : .failures(condition)
        case "f":
            position += 1
            return .failures(try condition(after: "f"))
        case ">", "<", "=":
            return .successes(try condition(after: ""))
        default:
            if let hint = otherToolsModifier(next, dice: dice) { throw syntax(hint) }
            if next.first?.isLetter == true {
                throw syntax(
                    "unknown modifier “\(next)”: the modifiers are kh kl dh dl ro rr r ! !! !p !o min max cs cf f")
            }
            return nil
        }
    }

    /// What another tool's modifier is written as here: d20's `e6` and `p`, Foundry's `x` and `xo`.
    private func otherToolsModifier(_ letter: String, dice: String) -> String? {
        let after = lookahead(1)?.lowercased
        switch letter {
        case "e":
            let condition = source(position + 1..<conditionEnd(from: position + 1))
            return "d20's e\(condition) explodes, written \(dice)!\(Self.explicit(condition)) here"
        case "x":
            let once = after == "o"
            let spelled = once ? "xo" : "x"
            let condition = source(position + spelled.count..<conditionEnd(from: position + spelled.count))
            let ours = once ? "!o" : "!"
            return
                "Foundry's \(spelled)\(condition) explodes\(once ? " once" : ""), written \(dice)\(ours)\(Self.explicit(condition)) here"
        case "p":
            guard after == "l" || after == "h" else {
                let condition = source(position + 1..<conditionEnd(from: position + 1))
                return "d20's p\(condition) drops the dice showing \(condition), which has no spelling here; "
                    + "dl and dh drop the lowest and highest"
            }
            let count = source(position + 2..<conditionEnd(from: position + 2))
            return "d20's p\(after ?? "")\(count) is written \(dice)d\(after ?? "")\(count) here"
        default: return nil
        }
    }

    /// What players write after a d20 for D&D's advantage and disadvantage, and how it is written here.
    private static let twoDice: [String: (name: String, which: String, written: String)] = [
        "adv": ("advantage", "higher", "2d20kh1"), "advantage": ("advantage", "higher", "2d20kh1"),
        "dis": ("disadvantage", "lower", "2d20kl1"), "disadvantage": ("disadvantage", "lower", "2d20kl1"),
    ]

    /// Where `written` is a player's word for advantage or disadvantage, the refusal that says how
    /// it is written here.
    private func twoDiceHint(_ written: String, isNo what: String) -> DiceFailure? {
        guard let kept = Self.twoDice[written.lowercased()] else { return nil }
        return syntax(
            "“\(written)” is no \(what): \(kept.name) is two d20, the \(kept.which) kept, written \(kept.written) here")
    }

    /// The letters from `start` on, as they were written.
    private func letters(from start: Int) -> String {
        var letters = ""
        var index = start
        while index < characters.count, characters[index].properties.isAlphabetic {
            letters.unicodeScalars.append(characters[index])
            index += 1
        }
        return letters
    }

    /// A condition with its comparison written out: `6` is `=6`, so that a hint reads plainly.
    private static func explicit(_ condition: String) -> String {
        condition.first.map { ("0"..."9").contains($0) } == true ? "=" + condition : condition
    }

    /// Where the digits at hand end.
    private var digitsEnd: Int {
        var end = position
        while isDigit(at: end) { end += 1 }
        return end
    }

    private var conditionEnd: Int { conditionEnd(from: position) }

    /// Where a comparison and a number from `start` end (`>=5`, `6`), to repeat them in a message.
    private func conditionEnd(from start: Int) -> Int {
        var end = start
        while end < characters.count, "<>=".unicodeScalars.contains(characters[end]) { end += 1 }
        while isDigit(at: end) { end += 1 }
        return end
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
    private func source(from start: Int) -> String { source(start..<position) }
    /// The text of the characters in `range`, appended one by one: making a `UnicodeScalarView`
    /// of a slice goes through the standard library's generic `append(contentsOf:)`, whose first
    /// use in a run cost `dice 4d6kh3` 290,000 instructions of type look-ups.
    private func source(_ range: Range<Int>) -> String {
        var text = ""
        for character in characters[range] { text.unicodeScalars.append(character) }
        return text
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

    /// Spaces, tabs and the line ends between the words a shell gave after a comment.
    private mutating func skipSpaces() {
        while let next = peek, next == " " || next == "\t" || next == "\n" { position += 1 }
    }

    /// Where a new roll may begin on the line: a number, dice, a group, a set or a function.
    private var peekStartsTerm: Bool {
        guard let next = peek else { return false }
        return peekIsDigit || peekIsDice || next == "(" || next == "{" || next.properties.isAlphabetic
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
        let digits = source(start..<position)
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

/// A term's `cs` or `cf`: where it stands, as written and as read.
private struct CountedRange {
    /// Where its `c` is, and the character after its condition.
    let at: Int
    let end: Int
    let failures: Bool
    let written: String
    let condition: Condition
}
