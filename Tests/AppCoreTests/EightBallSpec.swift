import AppCore
import Testing

@Suite("Eight-ball feature")
struct EightBallSpec {
    @Test func theBallKnowsTheTwentyClassicAnswers() {
        #expect(EightBallFace.all.count == 20)
        #expect(Set(EightBallFace.all.map(\.text)).count == 20)
        #expect(EightBallFace.all.count { $0.kind == .affirmative } == 10)
        #expect(EightBallFace.all.count { $0.kind == .nonCommittal } == 5)
        #expect(EightBallFace.all.count { $0.kind == .negative } == 5)
    }

    @Test func askingAnswersWithOneFaceAndKeepsTheAnswer() throws {
        let core = CoreUnderTest()
        core.send(.eightBall(.ask(question: "Will it work?")))
        let kept = try #require(core.store.state().eightBall.answers.first)
        #expect(core.store.state().eightBall.answers.count == 1)
        #expect(kept.question == "Will it work?")
        #expect(kept.at == noon)
        #expect(EightBallFace.all.contains(kept.face))
        #expect(core.received().last == .eightBall(.answered(answer: kept)))
        #expect(core.store.state().coins == AppState.initial.coins)
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func anEmptyQuestionFailsAndKeepsNothing(_ question: String) {
        let core = CoreUnderTest()
        core.send(.eightBall(.ask(question: question)))
        #expect(core.received().last == .eightBall(.failed(reason: .emptyQuestion)))
        #expect(core.store.state() == AppState.initial)
    }

    @Test func aQuestionTooLongFailsAndKeepsNothing() {
        let core = CoreUnderTest()
        core.send(.eightBall(.ask(question: String(repeating: "?", count: AskEightBall.questionLimit + 1))))
        #expect(
            core.received().last
                == .eightBall(
                    .failed(
                        reason: .questionTooLong(
                            length: AskEightBall.questionLimit + 1, limit: AskEightBall.questionLimit))))
        #expect(core.store.state() == AppState.initial)
    }

    @Test func theSameSeedGivesTheSameAnswers() {
        let first = CoreUnderTest(seed: 3)
        let second = CoreUnderTest(seed: 3)
        for _ in 0..<20 {
            first.send(.eightBall(.ask(question: "Yes?")))
            second.send(.eightBall(.ask(question: "Yes?")))
        }
        #expect(first.received() == second.received())
    }

    @Test func everyAnswerIsEquallyLikely() {
        // 20,000 seeded answers: each of the twenty within 1,000 ± 120, and a chi-square with 19
        // degrees of freedom below 43.8, its 0.1 % critical value.
        let core = CoreUnderTest(seed: 8)
        for _ in 0..<20_000 { core.send(.eightBall(.ask(question: "Again?"))) }
        var counts: [String: Int] = [:]
        for case .eightBall(.answered(let answer)) in core.received() { counts[answer.face.text, default: 0] += 1 }
        #expect(counts.count == 20)
        #expect(counts.values.allSatisfy { abs($0 - 1_000) <= 120 }, "\(counts)")
        let chiSquare = counts.values.map { Double(($0 - 1_000) * ($0 - 1_000)) / 1_000 }.reduce(0, +)
        #expect(chiSquare < 43.8)
    }

    @Test func clearingTheHistoryForgetsOnlyTheAnswers() {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 1)))
        core.send(.eightBall(.ask(question: "Yes?")))
        core.send(.eightBall(.clearHistory))
        #expect(core.received().last == .eightBall(.historyCleared))
        #expect(core.store.state().eightBall.answers.isEmpty)
        #expect(core.store.state().coins.tosses.count == 1)
    }

    @Test func theHistoryShowsEveryAnswerOldestFirst() {
        let core = CoreUnderTest()
        core.send(.eightBall(.ask(question: "One?")))
        core.send(.eightBall(.ask(question: "Two?")))
        core.send(.eightBall(.showHistory))
        guard case .eightBall(.history(let answers)) = core.received().last else {
            Issue.record("expected the history, got \(core.received())")
            return
        }
        #expect(answers.map(\.question) == ["One?", "Two?"])
    }
}
