import AppCore
import Essentials
import Foundation
import Testing

/// A command of many edits (an import, a delete of many) and its undo and redo add ids to the items
/// and the short-id index together and take them out in one pass: what they leave must be exactly
/// what the same edits leave made a few at a time, each of which adds or removes its ids one by one.
@Suite("To-dos: undoing and redoing a command of many")
struct TodoUndoOfManySpec {
    /// Ids four digits tell apart: 0001000000, 0002000000, ...
    static func plain(_ number: Int) -> TodoID { TodoID(hex(number) + "000000") }
    /// An id that shares its first nine digits with `plain(number)`: ten are needed while both are there.
    static func twin(_ number: Int) -> TodoID { TodoID(hex(number) + "000001") }

    static func hex(_ number: Int) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `ids` out of order, the same on every run: every seventh from the first, then from the second, ...
    static func scattered(_ ids: [TodoID]) -> [TodoID] {
        (0..<7).flatMap { offset in stride(from: offset, to: ids.count, by: 7).map { ids[$0] } }
    }

    static func adding(_ ids: [TodoID]) throws -> [TodoEdit] {
        try ids.map { .add(try TodoItem(id: $0, title: "item \($0.value)", created: noon), as: .imported) }
    }

    static func batch(_ edits: [TodoEdit]) -> TodoState.Change {
        .perform(TodoBatch(label: "import", at: noon, edits: edits))
    }

    /// `edits` as commands of eight edits each, in order.
    static func aFewAtATime(_ edits: [TodoEdit], onto state: TodoState) throws -> TodoState {
        var state = state
        for start in stride(from: 0, to: edits.count, by: 8) {
            try state.apply(batch(Array(edits[start..<min(start + 8, edits.count)])))
        }
        return state
    }

    /// What putting back `side` of `done` in one go must give: each touched id there again, in
    /// the order touched, or gone.
    static func putAFewAtATime(_ side: [TodoID: TodoItem], of done: DoneCommand, onto state: TodoState) throws
        -> TodoState
    {
        let edits = done.touched.map { id in side[id].map { TodoEdit.add($0, as: .imported) } ?? .delete(id) }
        return try aFewAtATime(edits, onto: state)
    }

    /// The same items in the same order, the same abbreviation, as read back from a store (which
    /// works the index out afresh), and an index that holds exactly the items' ids.
    static func expectSame(_ state: TodoState, _ expected: TodoState, gone: [TodoID]) throws {
        #expect(Array(state.items.keys) == Array(expected.items.keys))
        #expect(state.items == expected.items)
        #expect(state.abbreviation == expected.abbreviation)
        let reread = try ValueCoding.makeDecoder().decode(TodoState.self, from: ValueCoding.makeEncoder().encode(state))
        #expect(state.abbreviation == reread.abbreviation)
        let unnamed = state.items.keys.filter {
            (try? state.resolve(String($0.value.prefix(state.abbreviation)))) != $0
        }
        #expect(unnamed.isEmpty)
        let stillFound = gone.filter { state.items[$0] == nil && (try? state.resolve($0.value)) != nil }
        #expect(stillFound.isEmpty)
    }

    @Test func undoingAnImportOfManyLeavesWhatDeletingThemAFewAtATimeLeaves() throws {
        let held = try Self.aFewAtATime(Self.adding((0..<500).map(Self.plain)), onto: TodoState())
        let importedIDs = (500..<1_500).map(Self.plain) + stride(from: 0, to: 1_500, by: 10).map(Self.twin)
        var state = held
        try state.apply(Self.batch(Self.adding(Self.scattered(importedIDs))))
        let imported = state
        #expect(held.abbreviation == 4 && imported.abbreviation == 10)
        let done = try #require(state.undoable.last)

        let undone = try Self.putAFewAtATime(done.before, of: done, onto: state)
        try state.apply(.undo(at: noon))
        try Self.expectSame(state, undone, gone: importedIDs)
        #expect(state.items == held.items && state.abbreviation == 4)

        let redone = try Self.putAFewAtATime(done.after, of: done, onto: state)
        try state.apply(.redo(at: noon))
        try Self.expectSame(state, redone, gone: [])
        #expect(state.items == imported.items && state.abbreviation == 10)
    }

    @Test(.slow) func aCommandThatDeletesManyAndAddsSomeUndoesAndRedoesAsAFewAtATimeWould() throws {
        let numbers = 0..<1_000
        var state = TodoState()
        try state.apply(Self.batch(Self.adding(numbers.map(Self.plain) + numbers.map(Self.twin))))
        #expect(state.abbreviation == 10)
        // Every twin and every third of the others, from all over the order, and 200 new ids.
        let deleted = numbers.map(Self.twin) + stride(from: 1, to: 1_000, by: 3).map(Self.plain)
        let added = (1_000..<1_200).map(Self.plain)
        let edits = try Self.scattered(deleted).map(TodoEdit.delete) + Self.adding(added)

        let performed = try Self.aFewAtATime(edits, onto: state)
        try state.apply(Self.batch(edits))
        try Self.expectSame(state, performed, gone: deleted)
        #expect(state.items.count == 667 + 200 && state.abbreviation == 4)
        let done = try #require(state.undoable.last)

        let undone = try Self.putAFewAtATime(done.before, of: done, onto: state)
        try state.apply(.undo(at: noon))
        try Self.expectSame(state, undone, gone: added)
        #expect(state.items.count == 2_000 && state.abbreviation == 10)

        let redone = try Self.putAFewAtATime(done.after, of: done, onto: state)
        try state.apply(.redo(at: noon))
        try Self.expectSame(state, redone, gone: deleted)
        #expect(state.items == performed.items && state.abbreviation == 4)
    }
}
