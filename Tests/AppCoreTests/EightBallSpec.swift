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
        let core = EightBallUnderTest()
        core.send(.ask(question: "Will it work?"))
        let kept = try #require(core.store.state().entries.first)
        #expect(try core.store.state().entries.count == 1)
        #expect(kept.question == "Will it work?")
        #expect(kept.at == noon)
        #expect(EightBallFace.all.contains(kept.face))
        #expect(core.received().last == .answered(answer: kept))
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func anEmptyQuestionFailsAndKeepsNothing(_ question: String) throws {
        let core = EightBallUnderTest()
        core.send(.ask(question: question))
        #expect(core.received().last == .failed(reason: .emptyQuestion))
        #expect(try core.store.state() == EightBallHistory())
    }

    @Test func aQuestionTooLongFailsAndKeepsNothing() throws {
        let core = EightBallUnderTest()
        core.send(.ask(question: String(repeating: "?", count: EightBallLimits.question + 1)))
        #expect(
            core.received().last
                == .failed(
                    reason: .questionTooLong(
                        length: EightBallLimits.question + 1, limit: EightBallLimits.question)))
        #expect(try core.store.state() == EightBallHistory())
    }

    @Test func theSameSeedGivesTheSameAnswers() {
        let first = EightBallUnderTest(seed: 3)
        let second = EightBallUnderTest(seed: 3)
        for _ in 0..<20 {
            first.send(.ask(question: "Yes?"))
            second.send(.ask(question: "Yes?"))
        }
        #expect(first.received() == second.received())
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
