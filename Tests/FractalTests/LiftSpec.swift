import Foundation
import Fractal
import StoreTestSupport
import Testing

/// A whole of two parts, each a running total: enough to see a part lifted into it.
private struct RunningTotal: Changeable, Fresh {
    var total = 0

    mutating func apply(_ change: Int) throws {
        guard change != 0 else { throw Refused() }
        total += change
    }
}

private struct Refused: Error {}

private struct Pair: Changeable, Fresh {
    enum Change: Codable, Equatable, Sendable {
        case left(Int)
        case right(Int)
    }

    @Slice var left = RunningTotal()
    @Slice var right = RunningTotal()

    mutating func apply(_ change: Change) throws {
        switch change {
        case .left(let change): try left.apply(change)
        case .right(let change): try right.apply(change)
        }
    }
}

private enum PairAnswer: Equatable {
    case left(String)
}

/// A part that adds what it is sent and answers with the new total, knowing nothing of any whole.
private func createAdder(store: Store<RunningTotal>, output: @escaping Output<String>) -> Input<Int> {
    { amount in
        do {
            try store.change(amount)
            output("total \(store.state().total)")
        } catch {
            output("refused")
        }
    }
}

@Suite("Lifting a part into a whole")
struct LiftSpec {
    @Test func aLiftedPartChangesOnlyItsSliceAndAnswersInTheWholesWords() {
        let store = createMemoryStore(initial: Pair())
        var answers: [PairAnswer] = []
        let left = lift(
            createAdder, store: store, state: { $0.left }, change: Pair.Change.left, answer: PairAnswer.left,
            output: { answers.append($0) })
        left(3)
        left(4)
        #expect(answers == [.left("total 3"), .left("total 7")])
        #expect(store.state().left.total == 7)
        #expect(store.state().right == RunningTotal())
    }

    @Test func aPartRefusedByItsSliceLeavesTheWholeAsItWas() {
        let store = createMemoryStore(initial: Pair())
        var answers: [PairAnswer] = []
        let left = lift(
            createAdder, store: store, state: { $0.left }, change: Pair.Change.left, answer: PairAnswer.left,
            output: { answers.append($0) })
        left(0)
        #expect(answers == [.left("refused")])
        #expect(store.state() == Pair())
    }

    @Test func theWholeStoreTellsItsObserversOfAPartsChange() {
        let store = createMemoryStore(initial: Pair())
        let told = Counter()
        store.updated { told.increment() }
        let view = scope(store, to: { $0.right }, change: Pair.Change.right)
        try? view.change(5)
        #expect(told.count == 1)
        #expect(view.state().total == 5)
        #expect(store.state().right.total == 5)
    }

    @Test func aStoredWholeWithoutASliceReadsThatSliceFresh() throws {
        let stored = Data(#"{"left": {"total": 2}}"#.utf8)
        let whole = try JSONDecoder().decode(Pair.self, from: stored)
        #expect(whole.left.total == 2)
        #expect(whole.right == RunningTotal())
    }

    @Test func aSliceIsCodedAsThePartItself() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var whole = Pair()
        try whole.apply(.left(2))
        let json = String(decoding: try encoder.encode(whole), as: UTF8.self)
        #expect(json == #"{"left":{"total":2},"right":{"total":0}}"#)
        #expect(try JSONDecoder().decode(Pair.self, from: Data(json.utf8)) == whole)
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
        #expect(store.state().left.total == 2)
        #expect(store.state().right.total == 3)
    }

    @Test func aViewHandsEachChangeOnAsTheWholes() throws {
        let store = createMemoryStore(initial: Pair())
        let told = Counter()
        store.updated { told.increment() }
        let view = scope(store, to: { $0.left }, change: Pair.Change.left)
        try view.change(2)
        try view.change(3)
        #expect(throws: Refused.self) { try view.change(0) }
        #expect(store.state().left.total == 5)
        #expect(store.state().right.total == 0)
        #expect(told.count == 2)
    }
}
