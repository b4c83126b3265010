import AppCore
import Foundation
import Testing

@Suite("AppCore")
struct AppCoreSpec {
    @Test func aMessageGoesOutToTheReceiversFollowedByItsAnswer() {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 2)))
        let received = core.received()
        #expect(received.count == 2)
        #expect(received.first == .coin(.flip(count: 2)))
        guard case .coin(.flipped(let toss)) = received.last else {
            Issue.record("expected a toss, got \(received)")
            return
        }
        #expect(core.store.state().coins.tosses == [toss])
    }

    @Test func anAnswerSentInChangesNothing() {
        let core = CoreUnderTest()
        let toss = CoinToss(flips: [.heads], at: noon)
        core.send(.coin(.flipped(toss: toss)))
        #expect(core.received() == [.coin(.flipped(toss: toss))])
        #expect(core.store.state() == AppState.initial)
    }

    @Test func messagesAreWrittenAsFeatureThenCommand() throws {
        let json = String(decoding: try ValueCoding.makeEncoder().encode(Message.coin(.flip(count: 3))), as: UTF8.self)
        #expect(json == #"{"coin":{"flip":{"count":3}}}"#)
    }

    @Test func everyMessageReadsBackEqual() throws {
        let messages: [Message] = [
            .coin(.flip(count: 3)), .coin(.showHistory), .coin(.clearHistory), .coin(.historyCleared),
            .coin(.flipped(toss: CoinToss(flips: [.tails], at: noon))),
            .coin(.history(tosses: [CoinToss(flips: [.heads], at: noon)])),
            .coin(.failed(reason: .countOutOfRange(count: 0, limit: 5))),
            .coin(.flipUntil(sequence: "HHT", times: 2)),
            .coin(.sequenceFound(search: SequenceSearch(sequence: "HHT", flipsNeeded: [3, 9]))),
            .eightBall(.ask(question: "Yes?")), .eightBall(.showHistory), .eightBall(.clearHistory),
            .eightBall(.historyCleared), .eightBall(.failed(reason: .emptyQuestion)),
            .eightBall(.answered(answer: EightBallAnswer(question: "Yes?", face: EightBallFace.all[0], at: noon))),
            .eightBall(.history(answers: [])),
        ]
        let data = try ValueCoding.makeEncoder().encode(messages)
        #expect(try ValueCoding.makeDecoder().decode([Message].self, from: data) == messages)
    }

    @Test func aMessageForNoFeatureIsRefused() {
        let json = Data(#"{"weather":{"rain":{}}}"#.utf8)
        #expect(throws: DecodingError.self) { try ValueCoding.makeDecoder().decode(Message.self, from: json) }
    }
}
