import AppCore
import Testing

/// What players type at the table: labels, comments, several rolls on one line, criticals.
@Suite("Dice at the table")
struct DiceAtTheTableSpec {
    @Test func aLabelNamesTheTermsWrittenSinceThePreviousLabel() throws {
        let result = try DiceUnderTest(seed: 3).roll("2d6+3 [slashing] + 1d6 [fire]").results[0]
        let labels = try #require(result.labels)
        #expect(labels.map(\.label) == ["slashing", "fire"])
        #expect(labels.map(\.notation) == ["2d6+3", "1d6"])
        #expect(labels[0].value == result.terms[0].value + 3)
        #expect(labels[1].value == result.terms[1].value)
        #expect(labels[0].value + labels[1].value == result.total)
    }

    @Test func aTermTakenAwayAfterALabelCountsAgainstTheNextLabel() throws {
        let result = try DiceUnderTest(seed: 3).roll("10 [base] - 1d4 + 1 [penalty]").results[0]
        let penalty = try #require(result.labels?.last)
        #expect(penalty.notation == "- 1d4 + 1")
        #expect(penalty.value == 1 - result.terms[0].value)
        #expect(result.total == 10 + penalty.value)
    }

    @Test func anExpressionWithoutLabelsRollsAsBefore() throws {
        let labelled = try DiceUnderTest(seed: 9).roll("1d20+5 [attack]").results[0]
        let plain = try DiceUnderTest(seed: 9).roll("1d20+5").results[0]
        #expect(labelled.total == plain.total)
        #expect(plain.labels == nil)
        #expect(labelled.labels == [LabeledTotal(label: "attack", notation: "1d20+5", value: plain.total)])
    }

    @Test func aCommentIsKeptBesideItsRollAndLeftOutOfItsExpression() throws {
        let core = DiceUnderTest()
        let roll = try core.roll("1d20+5 [attack]  #  to hit the troll ")
        #expect(roll.expression == "1d20+5 [attack]")
        #expect(roll.comment == "to hit the troll")
        #expect(try core.store.state().entries.last?.comment == "to hit the troll")
    }

    @Test func severalRollsOnOneLineAreEachAnsweredAndKeptInOneChange() throws {
        let dice = FeatureUnderTest<DiceFeature>(seed: 4)
        let (changes, answers) = dice.sent(.roll(expression: "1d20+5 # to hit\n1d8+3 # damage", times: 2))
        let rolls = answers.compactMap { answer -> DiceRoll? in
            if case .rolled(let roll) = answer { roll } else { nil }
        }
        #expect(rolls.map(\.expression) == ["1d20+5", "1d8+3"])
        #expect(rolls.map(\.comment) == ["to hit", "damage"])
        #expect(rolls.map(\.results.count) == [2, 2], "--times applies to each roll")
        #expect(changes == [.recordAll(rolls.map(\.totalsOnly))])
        #expect(try dice.state.entries.map(\.expression) == ["1d20+5", "1d8+3"])
    }

    @Test func oneSeedReplaysTheWholeLine() throws {
        let line = "1d20+5 [attack] 2d6+3 [slashing] + 1d6 [fire]"
        let first = FeatureUnderTest<DiceFeature>(seed: 11).sent(.roll(expression: line, times: 1)).answers
        let again = FeatureUnderTest<DiceFeature>(seed: 11).sent(.roll(expression: line, times: 1)).answers
        #expect(first.count == 2)
        #expect(first == again)
    }

    @Test func oneRollIsKeptAsBefore() throws {
        let dice = FeatureUnderTest<DiceFeature>(seed: 4)
        let (changes, answers) = dice.sent(.roll(expression: "2d6", times: 1))
        guard case .rolled(let roll) = answers.first else { throw DiceTestError.unexpected(answers.first) }
        #expect(changes == [.record(roll.totalsOnly)])
    }

    @Test func aLineOfSeveralRollsEndsOnlyAtASpaceBeforeANewTerm() throws {
        #expect(try DiceParser.parseLine("1d20+5 1d8+3").map(\.text) == ["1d20+5", "1d8+3"])
        #expect(try DiceParser.parseLine("2d20kh1 + 5").map(\.text) == ["2d20kh1 + 5"])
        #expect(try DiceParser.parseLine("1d20 -1d6").map(\.text) == ["1d20 -1d6"])
        #expect(try DiceParser.parseLine("6x 4d6kh3 d20").map(\.repeats) == [6, 1])
        #expect(try DiceParser.parseLine("3d6 ro1").count == 1)
        #expect(try DiceParser.parseLine("3d6 round(1d4)").count == 2)
        #expect(try DiceParser.parseLine("4d6 dl1 d6").map(\.text) == ["4d6 dl1", "d6"])
    }

    @Test func aModifierMayFollowASpaceWhereNoTermBeginsSo() throws {
        let spaced = try DiceParser.parse("3d6 ro1 kh2").expression
        guard case .dice(let term) = spaced else { throw DiceTestError.unexpected(nil) }
        #expect(term.modifiers == [.reroll(Condition(.equal, 1), once: true), .keep(highest: true, count: 2)])
        #expect(term.text == "3d6 ro1 kh2")
        guard case .comparison = try DiceParser.parse("2d6 >= 7").expression else {
            throw DiceTestError.unexpected(nil)
        }
    }

    @Test func weighingTakesOneExpression() {
        guard case .syntax(_, _, let problem) = DiceUnderTest().weighingFailure("1d20 1d8") else {
            Issue.record("two expressions were weighed")
            return
        }
        #expect(problem.contains("one expression at a time"))
    }

    @Test func aLabelIsWeighedAsTheTermsItNames() throws {
        #expect(try DiceUnderTest().weigh("2d6 [fire]").distribution == DiceUnderTest().weigh("2d6").distribution)
    }

    @Test(arguments: [
        ("2d6 []", "write a word"), ("2d6 [fire", "must close"), ("2d6 [fire] [cold]", "one label"),
        ("2d6 [fi\u{1B}re]", "control character"), ("1d6 # \u{202E}evil", "control character"),
        ("# just a comment", "empty"),
    ])
    func aLabelOrACommentThatCannotBeShownIsRefused(_ text: String, _ words: String) {
        guard case .syntax(_, _, let problem) = DiceUnderTest().failure(text) else {
            Issue.record("\"\(text)\" was not refused")
            return
        }
        #expect(problem.contains(words), "\(problem)")
    }

    @Test func aDieShowingItsHighestOrLowestFaceIsACritical() throws {
        for seed in UInt64(1)...60 {
            for die in try DiceUnderTest(seed: seed).roll("4d6").results[0].terms[0].dice {
                let expected: Critical? = die.value == 6 ? .max : die.value == 1 ? .min : nil
                #expect(die.critical == expected)
            }
        }
    }

    @Test func aWiderRangeMakesA19ACriticalOnAD20Only() throws {
        var seen19 = false
        for seed in UInt64(1)...200 {
            let core = DiceUnderTest(seed: seed)
            core.send(.roll(expression: "1d20 1d100", times: 1, criticalFrom: 19))
            let rolls = core.received().compactMap { answer -> DiceRoll? in
                if case .rolled(let roll) = answer { roll } else { nil }
            }
            let d20 = try #require(rolls.first?.results[0].terms[0].dice.first)
            let d100 = try #require(rolls.last?.results[0].terms[0].dice.first)
            #expect(d20.critical == (d20.value >= 19 ? .max : d20.value == 1 ? .min : nil))
            #expect(d100.critical == (d100.value == 100 ? .max : d100.value == 1 ? .min : nil))
            seen19 = seen19 || d20.value == 19
        }
        #expect(seen19)
    }

    @Test func theDiceOfASetAndOfAOneFacedDieAreNoCriticals() throws {
        let set = try DiceUnderTest().roll("{1d20,1d20}kh1").results[0].terms.last?.dice ?? []
        #expect(set.allSatisfy { $0.critical == nil })
        #expect(try DiceUnderTest().roll("3d1").results[0].terms[0].dice.allSatisfy { $0.critical == nil })
    }
}
