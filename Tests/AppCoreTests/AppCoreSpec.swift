import AppCore
import Essentials
import Foundation
import Testing

/// The AppCore is its features composed: each command reaches the one feature that owns it, each
/// feature changes only its own slice, and only answers come out.
@Suite("AppCore, the composition of its features")
struct AppCoreSpec {
    @Test func theCoreItselfIsAFeatureOfABiggerOne() throws {
        let store = createMemoryStore(initial: Workshop())
        let workshop = Core(store: store, environment: AppEnvironment(random: .seeded(1), clock: .fixed(noon)))
        var answers: [Answer] = []
        workshop.connect(WholeApp.self) { answers.append($0) }(.coin(.flip(count: 1)))
        let toss = try #require(try store.state().app.coins.entries.first)
        #expect(answers == [.coin(.flipped(toss: toss))])
        #expect(try store.state().tools == CoinHistory())
    }

    @Test func aCommandIsAnsweredByItsFeatureAndNothingElseComesOut() throws {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 2)))
        let tosses = try core.store.state().coins.entries
        #expect(core.received() == [.coin(.flipped(toss: try #require(tosses.first)))])
        #expect(tosses.count == 1)
    }

    @Test func aFeatureChangesOnlyItsOwnSlice() throws {
        let core = CoreUnderTest()
        core.send(.dice(.roll(expression: "2d6", times: 1)))
        let state = try core.store.state()
        #expect(state.dice.entries.count == 1)
        #expect(state.coins == AppState.initial.coins)
        #expect(state.eightBall == AppState.initial.eightBall)
        #expect(state.todos == AppState.initial.todos)
    }

    @Test func clearingOneHistoryLeavesTheOthers() throws {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 1)))
        core.send(.eightBall(.ask(question: "Yes?")))
        core.send(.eightBall(.clearHistory))
        #expect(core.received().last == .eightBall(.historyCleared))
        #expect(try core.store.state().eightBall.entries.isEmpty)
        #expect(try core.store.state().coins.entries.count == 1)
    }

    @Test func eachFeatureAnswersAsItWouldAlone() throws {
        let core = CoreUnderTest(seed: 5)
        let dice = DiceUnderTest(seed: 5)
        core.send(.dice(.roll(expression: "4d6kh3", times: 3)))
        dice.send(.roll(expression: "4d6kh3", times: 3))
        #expect(core.received() == dice.received().map(Answer.dice))
        #expect(try core.store.state().dice == dice.store.state())
    }

    @Test func commandsAndAnswersAreWrittenAsFeatureThenMessage() throws {
        let encoder = ValueCoding.makeEncoder()
        #expect(
            String(decoding: try encoder.encode(Command.coin(.flip(count: 3))), as: UTF8.self)
                == #"{"coin":{"flip":{"count":3}}}"#)
        #expect(
            String(decoding: try encoder.encode(Answer.coin(.historyCleared)), as: UTF8.self)
                == #"{"coin":{"historyCleared":{}}}"#)
    }

    @Test func everyCommandAndAnswerReadsBackEqual() throws {
        let commands: [Command] = [
            .coin(.flip(count: 3)), .coin(.showHistory), .coin(.clearHistory),
            .coin(.flipUntil(sequence: "HHT", times: 2)),
            .eightBall(.ask(question: "Yes?")), .eightBall(.showHistory), .eightBall(.clearHistory),
            .dice(.roll(expression: "4d6kh3", times: 2)), .dice(.weigh(expression: "3d6")), .todo(.undo),
            .todo(.list(query: TodoQuery(status: .all))),
        ]
        let answers: [Answer] = [
            .coin(.historyCleared), .coin(.flipped(toss: CoinToss(flips: [.tails], at: noon))),
            .coin(.history(tosses: [CoinToss(flips: [.heads], at: noon)])),
            .coin(.failed(reason: .countOutOfRange(count: 0, limit: 5))),
            .coin(.sequenceFound(search: SequenceSearch(sequence: "HHT", flipsNeeded: [3, 9]))),
            .eightBall(.historyCleared), .eightBall(.failed(reason: .emptyQuestion)),
            .eightBall(.answered(answer: EightBallReading(question: "Yes?", face: EightBallFace.all[0], at: noon))),
            .eightBall(.history(answers: [])), .dice(.historyCleared), .todo(.undid(label: "add \"x\"")),
        ]
        let encoder = ValueCoding.makeEncoder()
        let decoder = ValueCoding.makeDecoder()
        #expect(try decoder.decode([Command].self, from: encoder.encode(commands)) == commands)
        #expect(try decoder.decode([Answer].self, from: encoder.encode(answers)) == answers)
    }

    @Test func aMessageForNoFeatureIsRefused() {
        let json = Data(#"{"weather":{"rain":{}}}"#.utf8)
        #expect(throws: DecodingError.self) { try ValueCoding.makeDecoder().decode(Command.self, from: json) }
        #expect(throws: DecodingError.self) { try ValueCoding.makeDecoder().decode(Answer.self, from: json) }
    }

    @Test func aStoredStateWithoutASliceOpensWithThatSliceFresh() throws {
        let core = CoreUnderTest()
        core.send(.coin(.flip(count: 2)))
        core.send(.dice(.roll(expression: "1d6", times: 1)))
        let stored = try ValueCoding.makeEncoder().encode(core.store.state())
        var slices = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
        slices["dice"] = nil
        let older = try ValueCoding.makeDecoder().decode(
            AppState.self, from: try JSONSerialization.data(withJSONObject: slices))
        #expect(older.dice == DiceHistory())
        #expect(try older.coins == core.store.state().coins)
        #expect(try older.todos == core.store.state().todos)
    }
}

/// The whole AppCore as one feature of a bigger core: its commands and answers are the AppCore's.
private enum WholeApp: Feature {
    static let name = "app"
    static let sampleCommands: [Command] = [.coin(.flip(count: 1))]

    static func create(store: Store<AppState>, environment: AppEnvironment, output: @escaping Output<Answer>)
        -> Input<Command>
    {
        Core(store: store, environment: environment).connect(answers: output)
    }
}

/// A bigger core that holds the whole AppCore as one of its parts, beside a part of its own.
private struct Workshop: Composition {
    typealias Environment = AppEnvironment

    @Slice var app = AppState()
    @Slice var tools = CoinHistory()

    enum Change: ComposedChange {
        typealias Whole = Workshop
        case app(AppState.Change)
        case tools(CoinHistory.Change)
    }

    static func register(_ features: inout some FeatureRegistry<Workshop>) {
        features.add(
            WholeApp.self, stored: "app", read: { $0._app }, change: { try $1(&$0._app) }, embed: Change.app,
            extract: { if case .app(let c) = $0 { c } else { nil } })
        features.add(
            CoinFeature.self, stored: "tools", read: { $0._tools }, change: { try $1(&$0._tools) },
            embed: Change.tools, extract: { if case .tools(let c) = $0 { c } else { nil } })
    }
}
