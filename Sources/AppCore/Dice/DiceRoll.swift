#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One die as it fell: every face it showed, what it counts, and what the modifiers did to it.
public struct DieRoll: Codable, Equatable, Sendable {
    /// What the die counts: its face after rerolls, compounding, penetration and min/max.
    public let value: Int
    /// Every face rolled for this die, in order: a reroll or a compounded explosion adds one.
    public let faces: [Int]
    public let dropped: Bool
    public let rerolled: Bool
    /// This die's face set off an explosion.
    public let exploded: Bool
    /// This die was added by an explosion.
    public let extra: Bool
    /// With success counting: whether this die is a success, a failure, or neither (nil without).
    public let success: Bool?
    public let failure: Bool?
    /// The die showed its highest face (or, on a d20, one of the range asked for), or its lowest.
    public let critical: Critical?
    /// How many sides it has, numbered from 1: 20 for a d20; nil for Fate dice and faces of its own.
    public let sides: Int?

    public init(
        value: Int, faces: [Int], dropped: Bool = false, rerolled: Bool = false, exploded: Bool = false,
        extra: Bool = false, success: Bool? = nil, failure: Bool? = nil, critical: Critical? = nil, sides: Int? = nil
    ) {
        self.value = value
        self.faces = faces
        self.dropped = dropped
        self.rerolled = rerolled
        self.exploded = exploded
        self.extra = extra
        self.success = success
        self.failure = failure
        self.critical = critical
        self.sides = sides
    }
}

/// A natural 20, or a natural 1: a die that showed the end of its range.
public enum Critical: String, Codable, Equatable, Sendable {
    case max, min
}

/// The dice of one term (`4d6kh3`, or the members of a set) and what the term came to.
public struct TermRoll: Codable, Equatable, Sendable {
    public let notation: String
    public let dice: [DieRoll]
    public let value: Int

    public init(notation: String, dice: [DieRoll], value: Int) {
        self.notation = notation
        self.dice = dice
        self.value = value
    }
}

extension TermRoll {
    /// The term with every die dropped: a member of a set the set's keep or drop left out.
    var setAside: TermRoll { TermRoll(notation: notation, dice: dice.map(\.setAside), value: value) }
}

extension DieRoll {
    /// The die as one that does not count.
    var setAside: DieRoll {
        DieRoll(
            value: value, faces: faces, dropped: true, rerolled: rerolled, exploded: exploded, extra: extra,
            success: success, failure: failure, critical: critical, sides: sides)
    }
}

/// What the terms under one label came to: `slashing`, `2d6+3`, 11.
public struct LabeledTotal: Codable, Equatable, Sendable {
    public let label: String
    public let notation: String
    public let value: Int

    public init(label: String, notation: String, value: Int) {
        self.label = label
        self.notation = notation
        self.value = value
    }
}

/// One result of an expression: its total, every term's dice, and what each label came to (nil
/// where the expression has no label).
public struct RollResult: Codable, Equatable, Sendable {
    public let total: Int
    public let terms: [TermRoll]
    public let labels: [LabeledTotal]?

    public init(total: Int, terms: [TermRoll], labels: [LabeledTotal]? = nil) {
        self.total = total
        self.terms = terms
        self.labels = labels
    }
}

/// An expression rolled: one result, or one per repeat (`6x 4d6kh3`, or `--times`), with the
/// comment written after it (`# to hit`), if any.
public struct DiceRoll: Codable, Equatable, Sendable {
    public let expression: String
    public let results: [RollResult]
    public let at: Date
    public let comment: String?

    public init(expression: String, results: [RollResult], at: Date, comment: String? = nil) {
        self.expression = expression
        self.results = results
        self.at = at
        self.comment = comment
    }
}

extension DiceRoll {
    /// The roll without its dice: what the history keeps, so that it stays small. Its labels stay
    /// in its expression, its comment beside it.
    public var totalsOnly: DiceRoll {
        DiceRoll(
            expression: expression, results: results.map { RollResult(total: $0.total, terms: []) }, at: at,
            comment: comment)
    }
}
