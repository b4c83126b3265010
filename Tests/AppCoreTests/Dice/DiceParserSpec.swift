import AppCore
import Testing

@Suite("Dice notation, as parsed")
struct DiceParserSpec {
    func expression(_ text: String) throws -> DiceExpression {
        try DiceParser.parse(text).expression
    }

    func term(_ text: String) throws -> DiceTerm {
        guard case .dice(let term) = try expression(text) else { throw DiceTestError.unexpected(nil) }
        return term
    }

    @Test func aDiceTermHasACountFacesAndModifiers() throws {
        let parsed = try term("4d6kh3")
        #expect(parsed.count == .fixed(4))
        #expect(parsed.faces == .sides(6))
        #expect(parsed.modifiers == [.keep(highest: true, count: 3)])
        #expect(parsed.text == "4d6kh3")
    }

    @Test func lettersAreCaseInsensitive() throws {
        let upper = try term("4D6KH3")
        let lower = try term("4d6kh3")
        #expect(upper.count == lower.count && upper.faces == lower.faces && upper.modifiers == lower.modifiers)
    }

    @Test func aMissingCountIsOne() throws {
        #expect(try term("d20").count == .fixed(1))
    }

    @Test(arguments: [
        ("d%", DiceFaces.percentile), ("dF", .fate), ("df", .fate), ("dF.1", .fateVariant),
        ("d{2,3,3,4}", .custom([2, 3, 3, 4])), ("d{-1, 0, 1}", .custom([-1, 0, 1])),
    ])
    func specialDice(_ text: String, _ faces: DiceFaces) throws {
        #expect(try term(text).faces == faces)
    }

    @Test func theNumberOfDiceMayItselfBeRolled() throws {
        let parsed = try term("(1d4)d6")
        guard case .rolled(.dice(let count)) = parsed.count else {
            Issue.record("expected a rolled count, got \(parsed.count)")
            return
        }
        #expect(count.faces == .sides(4))
    }

    @Test(arguments: [
        ("kh", DiceModifier.keep(highest: true, count: 1)), ("kh2", .keep(highest: true, count: 2)),
        ("kl1", .keep(highest: false, count: 1)), ("dh1", .drop(highest: true, count: 1)),
        ("dl2", .drop(highest: false, count: 2)), ("ro1", .reroll(Condition(.equal, 1), once: true)),
        ("ro<=2", .reroll(Condition(.atMost, 2), once: true)), ("rr1", .reroll(Condition(.equal, 1), once: false)),
        ("r<3", .reroll(Condition(.less, 3), once: false)), ("!", .explode(.standard, nil)),
        ("!>=5", .explode(.standard, Condition(.atLeast, 5))), ("!!", .explode(.compound, nil)),
        ("!p", .explode(.penetrate, nil)), ("!o", .explode(.once, nil)), ("min2", .minimum(2)),
        ("max4", .maximum(4)), (">=5", .successes(Condition(.atLeast, 5))),
        ("cs>8", .successes(Condition(.greater, 8))),
        ("=6", .successes(Condition(.equal, 6))),
    ])
    func eachModifier(_ written: String, _ modifier: DiceModifier) throws {
        #expect(try term("6d6" + written).modifiers == [modifier])
    }

    @Test func modifiersApplyInTheOrderWritten() throws {
        #expect(
            try term("10d10>=8f1").modifiers == [.successes(Condition(.atLeast, 8)), .failures(Condition(.equal, 1))])
        #expect(try term("3d20dh1dl1").modifiers == [.drop(highest: true, count: 1), .drop(highest: false, count: 1)])
        #expect(try term("6d10!cs>=8").modifiers == [.explode(.standard, nil), .successes(Condition(.atLeast, 8))])
    }

    @Test func aSpaceEndsTheDiceSoAComparisonComparesTheTotal() throws {
        #expect(try expression("2d6 >= 7") == .comparison(.atLeast, .dice(try term("2d6")), .number(7)))
    }

    @Test func arithmeticHasTheUsualPrecedence() throws {
        #expect(
            try expression("1 + 2 * 3") == .arithmetic(.add, .number(1), .arithmetic(.multiply, .number(2), .number(3)))
        )
        #expect(
            try expression("(1 + 2) * 3")
                == .arithmetic(.multiply, .arithmetic(.add, .number(1), .number(2)), .number(3)))
        #expect(try expression("-2") == .negate(.number(2)))
    }

    @Test func repeatsStandBeforeTheExpression() throws {
        let program = try DiceParser.parse("6x 4d6kh3")
        #expect(program.repeats == 6)
        #expect(program.expression == .dice(try term("4d6kh3")))
        #expect(try expression("sum(3x 1d6)") == .sum(times: 3, .dice(try term("1d6"))))
    }

    /// A thousand terms added are a sum, balanced: no walk over it goes a thousand calls deep.
    @Test func aThousandTermSumParsesIntoAShallowSum() throws {
        let program = try DiceParser.parse(Array(repeating: "1", count: 1_000).joined(separator: "+"))
        func height(_ expression: DiceExpression) -> Int {
            guard case .arithmetic(.add, let left, let right) = expression else { return 1 }
            return 1 + max(height(left), height(right))
        }
        #expect(height(program.expression) == 11)
        #expect(try DiceUnderTest().roll(program.text).results[0].total == 1_000)
    }
}
