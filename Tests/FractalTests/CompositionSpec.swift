import Foundation
import Fractal
import StoreTestSupport
import Testing

/// A running total: a part's state, knowing nothing of any whole.
private struct RunningTotal: Changeable, Fresh {
    var total = 0

    mutating func apply(_ change: Int) throws {
        guard change != 0 else { throw Refused() }
        total += change
    }
}

private struct Refused: Error {}

/// A part that adds what it is sent and answers with the new total.
private func createAdder(store: Store<RunningTotal>, output: @escaping Output<String>) -> Input<Int> {
    { amount in
        do {
            let before = try store.state().total
            try store.change(amount)
            output("total \(before + amount)")
        } catch {
            output("refused")
        }
    }
}

/// How many features a core built, to see that it builds each once. Shared by every test of the
/// suite, which therefore runs its tests one at a time.
private let built = Counter()

private enum Left: Feature {
    static let name = "left"
    static let sampleCommands = [3, 0]
    static func create(store: Store<RunningTotal>, environment: Void, output: @escaping Output<String>) -> Input<Int> {
        built.increment()
        return createAdder(store: store, output: output)
    }
}

private enum Right: Feature {
    static let name = "right"
    static let sampleCommands = [4]
    static func create(store: Store<RunningTotal>, environment: Void, output: @escaping Output<String>) -> Input<Int> {
        createAdder(store: store, output: output)
    }
}

/// A whole of two parts, each a running total: enough to see parts composed into it.
private struct Pair: Composition {
    typealias Environment = Void

    @Slice var left = RunningTotal()
    @Slice var right = RunningTotal()

    enum Change: ComposedChange {
        typealias Whole = Pair
        case left(Int)
        case right(Int)
    }

    static func register(_ features: inout some FeatureRegistry<Pair>) {
        features.add(
            Left.self, stored: "left", read: { $0._left }, change: { try $1(&$0._left) }, embed: Change.left,
            extract: { if case .left(let c) = $0 { c } else { nil } })
        features.add(
            Right.self, stored: "right", read: { $0._right }, change: { try $1(&$0._right) }, embed: Change.right,
            extract: { if case .right(let c) = $0 { c } else { nil } })
    }
}

@Suite("Features composed into a whole", .serialized)
struct CompositionSpec {
    @Test func aFeatureChangesOnlyItsSliceAndAnswersItsSender() throws {
        let store = createMemoryStore(initial: Pair())
        var answers: [String] = []
        let left = Core(store: store, environment: ()).connect(Left.self) { answers.append($0) }
        left(3)
        left(4)
        #expect(answers == ["total 3", "total 7"])
        #expect(try store.state().left.total == 7)
        #expect(try store.state().right == RunningTotal())
    }

    @Test func aConnectionBuildsItsFeatureOnceForEveryCommandItIsSent() {
        let before = built.count
        let left = Core(store: createMemoryStore(initial: Pair()), environment: ()).connect(Left.self) { _ in }
        for amount in 1...5 { left(amount) }
        #expect(built.count == before + 1)
    }

    @Test func aChangeASliceRefusesLeavesTheWholeAsItWas() throws {
        let store = createMemoryStore(initial: Pair())
        var answers: [String] = []
        Core(store: store, environment: ()).connect(Left.self) { answers.append($0) }(0)
        #expect(answers == ["refused"])
        #expect(try store.state() == Pair())
    }

    @Test func aCommandNamedByItsFeatureGoesToThatFeature() throws {
        let store = createMemoryStore(initial: Pair())
        let command = try JSONDecoder().decode(AnyCommand<Pair>.self, from: Data(#"{"right": 4}"#.utf8))
        var answers: [AnyAnswer<Pair>] = []
        Core(store: store, environment: ()).connect { answers.append($0) }(command)
        #expect(answers == [AnyAnswer(Right.self, "total 4")])
        #expect(String(decoding: try JSONEncoder().encode(answers[0]), as: UTF8.self) == #"{"right":"total 4"}"#)
        #expect(try store.state().right.total == 4)
        #expect(try store.state().left.total == 0)
    }

    @Test func aCommandNamingNoFeatureIsRefusedWithTheNamesThereAre() {
        #expect {
            try JSONDecoder().decode(AnyCommand<Pair>.self, from: Data(#"{"middle": 4}"#.utf8))
        } throws: { error in
            "\(error)".contains("\"middle\" is no feature; a command names one of left, right")
        }
    }

    @Test func aStoredWholeWithoutASliceReadsThatSliceFresh() throws {
        let whole = try JSONDecoder().decode(Pair.self, from: Data(#"{"left": {"total": 2}}"#.utf8))
        #expect(whole.left.total == 2)
        #expect(whole.right == RunningTotal())
    }

    @Test func aStoredWholeWithASliceNoFeatureRegistersIsRefusedNotDropped() {
        let stored = Data(#"{"left": {"total": 2}, "middle": {"total": 1}}"#.utf8)
        #expect {
            try JSONDecoder().decode(Pair.self, from: stored)
        } throws: { error in
            "\(error)".contains("\"middle\" is a part this program does not know: a newer version wrote it")
        }
    }

    @Test func eachSliceIsCodedUnderItsStoredNameAsThePartItself() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var whole = Pair()
        try whole.apply(.left(2))
        let json = String(decoding: try encoder.encode(whole), as: UTF8.self)
        #expect(json == #"{"left":{"total":2},"right":{"total":0}}"#)
        #expect(try JSONDecoder().decode(Pair.self, from: Data(json.utf8)) == whole)
    }

    @Test func aChangeIsCodedAsItsSlicesNameAndItsChangeAndReadsInTheFirstFormatsShapeToo() throws {
        #expect(String(decoding: try JSONEncoder().encode(Pair.Change.right(5)), as: UTF8.self) == #"{"right":5}"#)
        #expect(try JSONDecoder().decode(Pair.Change.self, from: Data(#"{"right":5}"#.utf8)) == .right(5))
        #expect(try JSONDecoder().decode(Pair.Change.self, from: Data(#"{"right":{"_0":5}}"#.utf8)) == .right(5))
    }

    @Test func aChangeReachesOnlyItsSlice() throws {
        var whole = Pair()
        try whole.apply(.right(3))
        try whole.apply(.left(1))
        try whole.apply(.right(2))
        #expect(whole.left.total == 1)
        #expect(whole.right.total == 5)
        #expect(throws: Refused.self) { try whole.apply(.right(0)) }
        #expect(whole.right.total == 5)
    }

    @Test func theWholeStoreTellsItsObserversOfAPartsChange() throws {
        let store = createMemoryStore(initial: Pair())
        let told = Counter()
        store.updated { told.increment() }
        Core(store: store, environment: ()).connect(Right.self) { _ in }(5)
        #expect(told.count == 1)
        #expect(try store.state().right.total == 5)
    }
}

@Suite("A part's view of a store")
struct ScopedStoreSpec {
    @Test func aViewCannotResetOrDestroyTheWholeStore() throws {
        let store = createMemoryStore(initial: Pair())
        try store.change(.left(2))
        try store.change(.right(3))
        let view = scope(store, to: { $0.left }, change: Pair.Change.left)
        #expect(throws: StoreViewError.wholeStoreOnly(operation: "reset")) { try view.reset() }
        #expect(throws: StoreViewError.wholeStoreOnly(operation: "destroy")) { try view.destroy() }
        #expect(try store.state().left.total == 2)
        #expect(try store.state().right.total == 3)
    }

    @Test func aViewHandsEachChangeOnAsTheWholes() throws {
        let store = createMemoryStore(initial: Pair())
        let told = Counter()
        store.updated { told.increment() }
        let view = scope(store, to: { $0.left }, change: Pair.Change.left)
        try view.change(2)
        try view.change(3)
        #expect(throws: Refused.self) { try view.change(0) }
        #expect(try store.state().left.total == 5)
        #expect(try store.state().right.total == 0)
        #expect(told.count == 2)
    }
}
