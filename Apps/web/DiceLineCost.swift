import AppCore

/// What answering a roll of a line of dice costs the server before any die is rolled: the results
/// it gives and the dice it shows, each die a value held in memory and sent as JSON.
struct DiceLineCost: Equatable {
    let results: Int
    let dice: Int

    /// The cost of rolling `line` `times` times; nil for a line that is no dice notation, which
    /// the core refuses in its own words.
    init?(of line: String, times: Int) {
        guard let programs = try? DiceParser.parseLine(line) else { return nil }
        var (results, dice) = (0, 0)
        for program in programs {
            let rolls = Self.product(times, program.repeats)
            results = Self.sum(results, rolls)
            dice = Self.sum(dice, Self.product(rolls, min(Self.dice(in: program.expression), DiceLimits.diceRolled)))
        }
        (self.results, self.dice) = (results, dice)
    }

    /// The dice `expression` names for one result; a count that is rolled (`(1d4)d6`) is counted
    /// as the most one result may roll. Rerolls and explosions are left out: a result rolls
    /// `DiceLimits.diceRolled` at most, and only a line naming that many reaches it by chance.
    private static func dice(in expression: DiceExpression) -> Int {
        switch expression {
        case .number: 0
        case .dice(let term):
            switch term.count {
            case .fixed(let count): count
            case .rolled(let count): sum(DiceLimits.diceRolled, dice(in: count))
            }
        case .set(let members, _, _): members.reduce(0) { sum($0, dice(in: $1)) }
        case .negate(let inner), .function(_, let inner), .labeled(let inner, _, _): dice(in: inner)
        case .arithmetic(_, let left, let right), .comparison(_, let left, let right):
            sum(dice(in: left), dice(in: right))
        case .sum(let times, let inner): product(times, dice(in: inner))
        }
    }

    private static func sum(_ left: Int, _ right: Int) -> Int {
        let (total, overflow) = left.addingReportingOverflow(right)
        return overflow ? Int.max : total
    }

    private static func product(_ left: Int, _ right: Int) -> Int {
        let (total, overflow) = left.multipliedReportingOverflow(by: right)
        return overflow ? Int.max : total
    }
}
