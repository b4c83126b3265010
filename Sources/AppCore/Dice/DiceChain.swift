/// A run of terms joined by one kind of operator, as the parser reads them left to right, made
/// into an expression. A short run is the tree it reads as, each operator applied to all before
/// it; a long one (a sum of four thousand `1d6`) is a balanced tree of the same value, so that no
/// walk over it (rolling, weighing) goes thousands of calls deep.
enum DiceChain {
    /// Runs up to this many terms keep the shape they are read in.
    static let readAsWritten = 16

    /// `terms[0] ± terms[1] ± …`, each term after the first with the operator before it (`.add` or
    /// `.subtract`).
    static func sum(_ first: DiceExpression, _ rest: [(ArithmeticOperator, DiceExpression)]) -> DiceExpression {
        guard rest.count >= readAsWritten else {
            return rest.reduce(first) { .arithmetic($1.0, $0, $1.1) }
        }
        let terms = [(ArithmeticOperator.add, first)] + rest
        return balancedSum(terms[...], flipped: false)
    }

    /// The terms' sum, the first added whatever its operator; `flipped` where the whole is taken
    /// away, so that each later term's operator reads the other way: `a - (b - c)` is `a - b + c`.
    private static func balancedSum(
        _ terms: ArraySlice<(ArithmeticOperator, DiceExpression)>, flipped: Bool
    ) -> DiceExpression {
        if terms.count == 1, let only = terms.first { return only.1 }
        let middle = terms.startIndex + terms.count / 2
        let left = balancedSum(terms[..<middle], flipped: flipped)
        // The right half is added or taken away as its first term is; its later terms then read
        // against that one's sign.
        let takesAway = (terms[middle].0 == .subtract) != flipped
        let right = balancedSum(terms[middle...], flipped: flipped != takesAway)
        return .arithmetic(takesAway ? .subtract : .add, left, right)
    }

    /// `first × terms[0] × …`: a product, balanced where long.
    static func product(_ first: DiceExpression, _ rest: [DiceExpression]) -> DiceExpression {
        guard rest.count >= readAsWritten else { return rest.reduce(first) { .arithmetic(.multiply, $0, $1) } }
        return balancedProduct(([first] + rest)[...])
    }

    private static func balancedProduct(_ factors: ArraySlice<DiceExpression>) -> DiceExpression {
        if factors.count == 1, let only = factors.first { return only }
        let middle = factors.startIndex + factors.count / 2
        return .arithmetic(.multiply, balancedProduct(factors[..<middle]), balancedProduct(factors[middle...]))
    }
}

extension DiceExpression {
    /// The most operations inside one another on any path through it, found without a call per
    /// level: a walk over it (rolling, weighing) goes as deep as this, which
    /// `DiceLimits.operationDepth` bounds.
    var height: Int {
        var tallest = 0
        var waiting: [(DiceExpression, Int)] = [(self, 1)]
        while let (expression, level) = waiting.popLast() {
            tallest = max(tallest, level)
            waiting += expression.parts.map { ($0, level + 1) }
        }
        return tallest
    }

    /// The expressions it is made of, one level down.
    private var parts: [DiceExpression] {
        switch self {
        case .number: []
        case .dice(let term): if case .rolled(let count) = term.count { [count] } else { [] }
        case .set(let members, _, _): members
        case .negate(let inner), .function(_, let inner), .sum(_, let inner), .labeled(let inner, _, _): [inner]
        case .arithmetic(_, let left, let right), .comparison(_, let left, let right): [left, right]
        }
    }
}
