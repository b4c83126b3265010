/// A parsed dice expression: what `4d6kh3 + 2` means, as a value.
public indirect enum DiceExpression: Codable, Equatable, Sendable {
    case number(Int)
    case dice(DiceTerm)
    /// `{e1, e2, …}`: totals its members, or keeps or counts among them by its modifiers.
    case set(members: [DiceExpression], modifiers: [DiceModifier], text: String)
    case negate(DiceExpression)
    case arithmetic(ArithmeticOperator, DiceExpression, DiceExpression)
    /// A comparison of whole expressions, 1 when true and 0 when false.
    case comparison(Comparison, DiceExpression, DiceExpression)
    case function(DiceFunction, DiceExpression)
    /// `sum(Nx expr)`: N rolls of the expression, totalled.
    case sum(times: Int, DiceExpression)
    /// `2d6+3 [slashing]`: the terms written since the previous label, named; `text` is how they
    /// were written.
    case labeled(DiceExpression, label: String, text: String)
}

/// One roll of a line of dice notation: an expression, rolled once or, with `Nx`, N times, and
/// the comment written after it (`1d20+5 # to hit`).
public struct DiceProgram: Codable, Equatable, Sendable {
    public let repeats: Int
    public let expression: DiceExpression
    /// The roll as it was written, its comment left out.
    public let text: String
    public let comment: String?

    public init(repeats: Int = 1, expression: DiceExpression, text: String = "", comment: String? = nil) {
        self.repeats = repeats
        self.expression = expression
        self.text = text
        self.comment = comment
    }
}

/// `NdS` and its modifiers, with the text it was written as.
public struct DiceTerm: Codable, Equatable, Sendable {
    public let count: DiceCount
    public let faces: DiceFaces
    public let modifiers: [DiceModifier]
    public let text: String

    public init(count: DiceCount, faces: DiceFaces, modifiers: [DiceModifier], text: String) {
        self.count = count
        self.faces = faces
        self.modifiers = modifiers
        self.text = text
    }
}

public indirect enum DiceCount: Codable, Equatable, Sendable {
    case fixed(Int)
    /// `(1d4)d6`: the number of dice is itself rolled.
    case rolled(DiceExpression)
}

/// The faces of one die, each equally likely.
public enum DiceFaces: Codable, Equatable, Sendable {
    case sides(Int)
    case percentile
    case fate
    case fateVariant
    case custom([Int])

    /// How many sides dice of these faces have, numbered from 1; nil for Fate dice and faces of
    /// their own.
    public var numberedSides: Int? {
        switch self {
        case .sides(let sides): sides
        case .percentile: 100
        case .fate, .fateVariant, .custom: nil
        }
    }

    public var values: [Int] {
        switch self {
        case .sides(let sides): Array(1...max(1, sides))
        case .percentile: Array(1...100)
        case .fate: [-1, 0, 1]
        case .fateVariant: [-1, 0, 0, 0, 0, 1]
        case .custom(let faces): faces
        }
    }

    /// How many faces the die has.
    public var count: Int {
        switch self {
        case .sides(let sides): max(1, sides)
        case .percentile: 100
        case .fate: 3
        case .fateVariant: 6
        case .custom(let faces): faces.count
        }
    }

    /// The face at `index` of `values`, found without listing them: a roll asks for one face
    /// of a die of up to a million sides.
    public func face(at index: Int) -> Int {
        switch self {
        case .sides, .percentile: index + 1
        case .fate: index - 1
        case .fateVariant: index == 0 ? -1 : index == 5 ? 1 : 0
        case .custom(let faces): faces[index]
        }
    }

    public var highest: Int {
        switch self {
        case .sides(let sides): max(1, sides)
        case .percentile: 100
        case .fate, .fateVariant: 1
        case .custom(let faces): faces.max() ?? 0
        }
    }

    public var lowest: Int {
        switch self {
        case .sides, .percentile: 1
        case .fate, .fateVariant: -1
        case .custom(let faces): faces.min() ?? 0
        }
    }
}

public enum DiceModifier: Codable, Equatable, Sendable {
    case keep(highest: Bool, count: Int)
    case drop(highest: Bool, count: Int)
    case reroll(Condition, once: Bool)
    /// With no condition, a die explodes on its highest face.
    case explode(Explosion, Condition?)
    case minimum(Int)
    case maximum(Int)
    case successes(Condition)
    case failures(Condition)
}

public enum Explosion: String, Codable, Equatable, Sendable {
    /// `!`: another die, added, again and again.
    case standard
    /// `!!`: the whole chain counts as one die.
    case compound
    /// `!p`: each extra die counts one less.
    case penetrate
    /// `!o`: one extra die at most.
    case once
}

/// `>=8`, `<3`, `=1`: a test of one value.
public struct Condition: Codable, Equatable, Sendable {
    public let comparison: Comparison
    public let value: Int

    public init(_ comparison: Comparison, _ value: Int) {
        self.comparison = comparison
        self.value = value
    }

    public func matches(_ candidate: Int) -> Bool {
        comparison.holds(candidate, value)
    }
}

public enum Comparison: String, Codable, Equatable, Sendable {
    case atLeast = ">="
    case atMost = "<="
    case greater = ">"
    case less = "<"
    case equal = "="

    public func holds(_ left: Int, _ right: Int) -> Bool {
        switch self {
        case .atLeast: left >= right
        case .atMost: left <= right
        case .greater: left > right
        case .less: left < right
        case .equal: left == right
        }
    }
}

public enum ArithmeticOperator: String, Codable, Equatable, Sendable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    /// Integer division rounding toward −∞.
    case divide = "/"
}

/// `abs` is the absolute value; on integers the others are the identity, accepted because they read well.
public enum DiceFunction: String, Codable, Equatable, Sendable, CaseIterable {
    case floor, ceil, round, abs
}
