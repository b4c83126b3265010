import AppCore
import Testing

@Suite("Dice notation, refused")
struct DiceBadInputSpec {
    func failure(_ text: String) -> DiceFailure? {
        do {
            _ = try DiceParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("", 1, "empty"), ("   ", 4, "empty"), ("4d6kk3", 5, "kh (keep highest)"), ("2d", 3, "sides"),
        ("3d6+", 5, "ends too early"), ("(1d6", 5, "close"), ("1d6)", 4, "not “)”"), ("{1d6,1d8", 9, "close"),
        ("d{}", 3, "face"), ("4d6kh3 )", 8, "end of the expression"), ("4d6kh3 5", 1, "one expression at a time"),
        ("1d6>=", 6, "number"),
        ("floor 3", 7, "“(”"), ("sine(3)", 1, "unknown word"), ("1d6f1", 4, "success condition first"),
        ("{1d6,1d8}!", 10, "a set can keep"), ("4d6mix3", 4, "min or max"), ("dF.2", 4, "dF.1"),
        ("sum(1d6)", 5, "repeat inside"), ("1d6!!!!", 6, "explodes one way only"), ("1d6!!!p", 6, "one way only"),
        ("1d6!p!o", 6, "one way only"), ("4d6kh3ro1kh2", 10, "stand together"), ("5d10>=8ro1", 8, "counted last"),
        ("5d10cs>=8!", 10, "counted last"),
    ])
    func aSyntaxErrorNamesThePlaceAndWhatWasExpected(_ text: String, _ position: Int, _ words: String) {
        guard case .syntax(let expression, let at, let problem) = failure(text) else {
            Issue.record("expected a syntax error for \"\(text)\", got \(String(describing: failure(text)))")
            return
        }
        #expect(expression == text)
        #expect(at == position, "\(problem)")
        #expect(problem.contains(words), "\(problem)")
    }

    @Test(arguments: ["٣", "１", "Ⅻ", "2d٦"])
    func onlyASCIIDigitsAreNumbers(_ text: String) {
        guard case .syntax(_, _, let problem) = failure(text) else {
            Issue.record("expected a syntax error, got \(String(describing: failure(text)))")
            return
        }
        #expect(problem.contains("0 to 9") || problem.contains("sides"), "\(problem)")
    }

    @Test(arguments: [
        ("1d1!", "explodes forever"), ("3d0", "at least one side"), ("4d6rr<=6", "never stop"),
        ("1dF!>=-1", "explodes forever"),
    ])
    func anImpossibleRollIsRefused(_ text: String, _ words: String) {
        guard case .impossible(_, let problem) = failure(text) else {
            Issue.record("expected an impossible roll, got \(String(describing: failure(text)))")
            return
        }
        #expect(problem.contains(words), "\(problem)")
    }

    @Test func tenThousandParenthesesAreTooDeepNotACrash() {
        let text = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        guard case .overLimit(_, let problem) = failure(text) else {
            Issue.record("expected a limit, got \(String(describing: failure(text)))")
            return
        }
        #expect(problem.contains("\(DiceLimits.nesting) levels"))
    }

    @Test func aHundredDigitNumberIsTooLargeNotAnOverflow() {
        let text = "1d" + String(repeating: "9", count: 100)
        guard case .overLimit(_, let problem) = failure(text) else {
            Issue.record("expected a limit, got \(String(describing: failure(text)))")
            return
        }
        #expect(problem.contains("100 digits"))
    }

    @Test func anExpressionLongerThanTheLimitIsRefusedBeforeReading() {
        guard case .overLimit = failure(String(repeating: "1+", count: DiceLimits.expressionLength) + "1") else {
            Issue.record("expected a limit")
            return
        }
    }

    @Test func tooManyDiceInOneResultAreRefused() throws {
        let core = DiceUnderTest()
        guard case .overLimit(_, let problem) = core.failure("\(DiceLimits.diceRolled + 1)d6") else {
            Issue.record("expected a limit, got \(core.received())")
            return
        }
        #expect(problem.contains("\(DiceLimits.diceRolled) dice"))
        #expect(try core.store.state() == DiceHistory())
    }

    @Test func aRolledCountBelowZeroIsImpossible() {
        let core = DiceUnderTest()
        guard case .impossible = core.failure("(1d1-3)d6") else {
            Issue.record("expected an impossible roll, got \(core.received())")
            return
        }
    }

    @Test func divisionByZeroIsImpossible() {
        let core = DiceUnderTest()
        guard case .impossible = core.failure("1d6/0") else {
            Issue.record("expected an impossible roll, got \(core.received())")
            return
        }
        guard case .impossible = core.weighingFailure("1d6/(1d2-1)") else {
            Issue.record("expected an impossible weighing, got \(core.received())")
            return
        }
    }

    @Test func anOverflowIsALimitNotACrash() {
        let core = DiceUnderTest()
        guard case .overLimit = core.failure("1000000000000*1000000000000*1000000000000") else {
            Issue.record("expected a limit, got \(core.received())")
            return
        }
    }

    @Test func aLimitErrorShortensALongExpressionLikeEveryOtherError() {
        let core = DiceUnderTest()
        let long = String(repeating: "1+", count: 1_000) + "\(DiceLimits.diceRolled + 1)d6"
        guard let refusal = core.failure(long), case .overLimit = refusal else {
            Issue.record("expected a limit, got \(core.received())")
            return
        }
        #expect(refusal.description.count < 200)
        #expect(refusal.description.contains(String(long.prefix(DiceFailure.shownLength)) + "…"))
        let syntax = self.failure(String(repeating: "1+", count: 1_000) + "x")
        #expect((syntax?.description.count ?? .max) < 200)
        #expect(syntax?.description.contains("at character 2001") == true)
    }

    @Test func aRolledCountTooLargeToWeighIsRefusedBeforeAnyWork() {
        let core = DiceUnderTest()
        guard case .overLimit(_, let problem) = core.weighingFailure("(1d1000)d1000") else {
            Issue.record("expected a limit, got \(core.received())")
            return
        }
        #expect(problem.contains("\(DiceLimits.statisticsWork) steps"))
    }

    @Test func stackedExplosionsAreRefusedWhileOneOfEachIsFine() throws {
        for single in ["1d6!", "1d6!!", "1d6!p", "1d6!o", "1d6!>=5", "1d6!!>=5"] {
            #expect(throws: Never.self) { try DiceParser.parse(single) }
        }
        #expect(failure("1d6!!!!") != nil)
        #expect(failure("1d6!!!") != nil)
    }

    /// Refused as the outcomes spread past the limit, after a few million of the 190 million
    /// pairs: gathering them all first took minutes and gigabytes.
    @Test(.slow, .timeLimit(.minutes(1)))
    func aProductWithMoreOutcomesThanADistributionHoldsIsRefusedAsTheyAreGathered() {
        let core = DiceUnderTest()
        guard case .overLimit(_, let problem) = core.weighingFailure("1d1000000*1d190") else {
            Issue.record("expected a limit, got \(core.received())")
            return
        }
        #expect(problem == "its exact distribution has more than \(DiceLimits.statisticsOutcomes) outcomes")
    }

    @Test func tooManyDiceToWeighAreRefused() {
        let core = DiceUnderTest()
        guard case .overLimit = core.weighingFailure("\(DiceLimits.statisticsDice + 1)d6") else {
            Issue.record("expected a limit, got \(core.received())")
            return
        }
    }
}
