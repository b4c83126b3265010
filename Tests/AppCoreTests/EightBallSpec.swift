import AppCore
import Testing

@Suite("Eight-ball feature, built alone")
struct EightBallSpec {
    @Test func theBallKnowsTheTwentyClassicAnswers() {
        #expect(EightBallFace.all.count == 20)
        #expect(Set(EightBallFace.all.map(\.text)).count == 20)
        #expect(EightBallFace.all.count { $0.kind == .affirmative } == 10)
        #expect(EightBallFace.all.count { $0.kind == .nonCommittal } == 5)
        #expect(EightBallFace.all.count { $0.kind == .negative } == 5)
    }

    @Test func askingAnswersWithOneFaceAndKeepsTheAnswer() throws {
        let ball = FeatureUnderTest<EightBallFeature>(seed: 1)
        let reading = EightBallReading(question: "Will it work?", face: EightBallFace.all[14], at: noon)
        try ball.send(
            .ask(question: "Will it work?"), changes: [.record(reading)], answers: [.answered(answer: reading)])
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func anEmptyQuestionFailsAndKeepsNothing(_ question: String) throws {
        try FeatureUnderTest<EightBallFeature>().send(
            .ask(question: question), changes: [], answers: [.failed(reason: .emptyQuestion)])
    }

    @Test func aQuestionTooLongFailsAndKeepsNothing() throws {
        let length = EightBallLimits.question + 1
        try FeatureUnderTest<EightBallFeature>().send(
            .ask(question: String(repeating: "?", count: length)), changes: [],
            answers: [.failed(reason: .questionTooLong(length: length, limit: EightBallLimits.question))])
    }

    @Test func theSameSeedGivesTheSameAnswers() throws {
        let first = FeatureUnderTest<EightBallFeature>(seed: 3)
        let second = FeatureUnderTest<EightBallFeature>(seed: 3)
        var faces: Set<String> = []
        for _ in 0..<20 {
            let (changes, answers) = first.sent(.ask(question: "Yes?"))
            guard case .answered(let reading) = try #require(answers.first) else {
                Issue.record("expected an answer, got \(answers)")
                return
            }
            faces.insert(reading.face.text)
            try second.send(.ask(question: "Yes?"), changes: changes, answers: answers)
        }
        #expect(faces.count > 1, "twenty questions get more than one answer")
    }

    @Test func everyAnswerIsEquallyLikely() {
        // 20,000 seeded answers: each of the twenty within 1,000 ± 120, and a chi-square with 19
        // degrees of freedom below 43.8, its 0.1 % critical value.
        let core = EightBallUnderTest(seed: 8)
        for _ in 0..<20_000 { core.send(.ask(question: "Again?")) }
        var counts: [String: Int] = [:]
        for case .answered(let answer) in core.received() { counts[answer.face.text, default: 0] += 1 }
        #expect(counts.count == 20)
        #expect(counts.values.allSatisfy { abs($0 - 1_000) <= 120 }, "\(counts)")
        let chiSquare = counts.values.map { Double(($0 - 1_000) * ($0 - 1_000)) / 1_000 }.reduce(0, +)
        #expect(chiSquare < 43.8)
    }

    @Test func clearingTheHistoryForgetsEveryAnswer() throws {
        let core = EightBallUnderTest()
        core.send(.ask(question: "Yes?"))
        core.send(.ask(question: "No?"))
        core.send(.clearHistory)
        #expect(core.received().last == .historyCleared)
        #expect(try core.store.state().entries.isEmpty)
    }

    @Test func theHistoryShowsEveryAnswerOldestFirst() {
        let core = EightBallUnderTest()
        core.send(.ask(question: "One?"))
        core.send(.ask(question: "Two?"))
        core.send(.showHistory)
        guard case .history(let answers) = core.received().last else {
            Issue.record("expected the history, got \(core.received())")
            return
        }
        #expect(answers.map(\.question) == ["One?", "Two?"])
    }
}
