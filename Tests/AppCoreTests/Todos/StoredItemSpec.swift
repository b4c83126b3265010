import Foundation
import Testing

@testable import AppCore
@testable import Stores

/// A to-do as a store keeps it: the fields `TodoItem.fields` declares, in the order of their
/// positions. A record another version wrote, with fewer fields or more, still reads, and what it
/// holds that this version does not know is written back as it came.
@Suite("A stored to-do")
struct StoredItemSpec {
    let item: TodoItem

    init() throws {
        item = try TodoItem(
            id: TodoID("0123456789"), title: "buy milk", notes: "two litres", due: Day(iso: "2026-12-01"),
            priority: .high, tags: ["errands"], contexts: ["town"], extras: ["size": "l"],
            created: Date(milliseconds: 1_795_000_000_000), completed: Date(milliseconds: 1_795_100_000_000))
    }

    /// The record of `item`, its fields as `write` writes them.
    private func record(_ write: (inout BinaryFieldWriter) -> Void) -> [UInt8] {
        var outer = BinaryFieldWriter()
        outer.nested(write)
        return outer.bodyBytes
    }

    private func read(_ bytes: [UInt8]) throws -> TodoItem {
        var outer = BinaryFieldReader(BinaryReader(bytes))
        return try outer.nested { try StoredItem(fields: &$0) }.item
    }

    @Test func aToDoComesBackFromItsRecordAsItWas() throws {
        #expect(try read(record { StoredItem(item).write(fields: &$0) }) == item)
    }

    @Test func aRecordWrittenBeforeItsLastFieldsWereAddedReadsThemAsTheyStart() throws {
        // The record of a version that knew every field but the last: `completed`.
        let older = record { fields in
            fields.string(item.id.value)
            fields.string(item.title)
            fields.string(item.notes)
            fields.string("2026-12-01")
            fields.string("high")
            fields.strings(item.tags)
            fields.strings(item.contexts)
            fields.stringsByString(item.extras)
            fields.int64(item.created.milliseconds)
        }
        let read = try read(older)
        #expect(read.completed == nil)
        #expect(try read.alter(.completed(item.completed)) == item)
    }

    @Test func aRecordThatLacksAFieldEveryToDoHasIsRefused() {
        let cut = record { fields in
            fields.string(item.id.value)
            fields.string(item.title)
        }
        #expect(throws: (any Error).self) { try read(cut) }
    }

    @Test func fieldsALaterVersionAddedAreKeptAndWrittenBackAsTheyCame() throws {
        let later = record { fields in
            StoredItem(item).write(fields: &fields)
            fields.string("three hours")
            fields.strings(["a", "b"])
        }
        let read = try read(later)
        #expect(read.title == item.title)
        #expect(read.completed == item.completed)
        #expect(record { StoredItem(read).write(fields: &$0) } == later)
        // A change this version makes keeps them too.
        let changed = try read.alter(.title("buy oat milk"))
        let rewritten = try self.read(record { StoredItem(changed).write(fields: &$0) })
        #expect(rewritten.unknownFields == read.unknownFields)
        #expect(rewritten.title == "buy oat milk")
    }

    @Test func theFieldsArePositionedInOrderAndNamedOnce() {
        var listing = FieldListing()
        TodoItem.fields(&listing)
        #expect(listing.positions == Array(listing.positions.indices))
        #expect(Set(listing.names).count == listing.names.count)
    }
}

private struct FieldListing: TodoFieldRegistry {
    var positions: [Int] = []
    var names: [String] = []

    mutating func field<Value: TodoFieldValue>(
        _ position: Int, _ name: String, _ property: WritableKeyPath<TodoItem, Value>, fixed: Bool,
        checked: (Value) throws(TodoFailure) -> Value
    ) {
        positions.append(position)
        names.append(name)
    }
}
