import AppCore
import Essentials
import Foundation
import Testing

/// How to-do messages read as JSON: a change names its field and holds its value, a draft is its
/// title and its changes, and what recordings made before kept reads as it did.
@Suite("To-do messages as JSON")
struct TodoCodingSpec {
    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try ValueCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    private func read<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try ValueCoding.makeDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func aChangeNamesItsFieldAndHoldsItsValue() throws {
        #expect(try json(TodoItem.Change.priority(.high)) == #"{"priority":"high"}"#)
        #expect(try json(TodoItem.Change.due(nil)) == #"{"due":null}"#)
        #expect(try json(TodoItem.Change.addTag("shop")) == #"{"addTag":"shop"}"#)
        #expect(try read(TodoItem.Change.self, #"{"title":"buy oat milk"}"#) == .title("buy oat milk"))
    }

    @Test func aChangeAsRecordingsMadeBeforeKeptItReadsTheSame() throws {
        #expect(try read(TodoItem.Change.self, #"{"priority":{"_0":"high"}}"#) == .priority(.high))
        #expect(try read(TodoItem.Change.self, #"{"removeTag":{"_0":"shop"}}"#) == .removeTag("shop"))
        // None was nothing at all then.
        #expect(try read(TodoItem.Change.self, #"{"due":{}}"#) == .due(nil))
        #expect(try read(TodoItem.Change.self, #"{"completed":{}}"#) == .completed(nil))
        #expect(throws: DecodingError.self) { try read(TodoItem.Change.self, #"{"title":{}}"#) }
    }

    @Test func aValueThatLooksLikeTheFirstFormIsReadAsItIs() throws {
        let extras = try read(TodoItem.Change.self, #"{"extras":{"_0":"v"}}"#)
        let item = try TodoItem(id: TodoID("0123456789"), title: "buy milk", created: Date(milliseconds: 0))
        #expect(try item.alter(extras).extras == ["_0": "v"])
    }

    @Test func aChangeOfAFieldNoChangeSetsIsRefused() {
        #expect(throws: DecodingError.self) { try read(TodoItem.Change.self, #"{"id":"0123456789"}"#) }
        #expect(throws: DecodingError.self) { try read(TodoItem.Change.self, #"{"size":"l"}"#) }
    }

    @Test func aDraftIsItsTitleAndItsChangesInOrder() throws {
        let draft = TodoDraft(title: "buy milk", [.tags(["home"]), .addTag("shop"), .addTag("cheap")])
        let expected = #"{"changes":[{"tags":["home"]},{"addTag":"shop"},{"addTag":"cheap"}],"title":"buy milk"}"#
        #expect(try json(draft) == expected)
        #expect(try read(TodoDraft.self, try json(draft)) == draft)
    }

    @Test func aDraftThatGivesItsChangesBothWaysOrChangesThatAreNoListIsRefused() {
        #expect(throws: DecodingError.self) {
            try read(TodoDraft.self, #"{"title":"buy milk","changes":[],"due":"2026-12-01"}"#)
        }
        #expect(throws: DecodingError.self) { try read(TodoDraft.self, #"{"title":"buy milk","changes":null}"#) }
        #expect(throws: DecodingError.self) { try read(TodoDraft.self, #"{"title":"buy milk","changes":{}}"#) }
    }

    @Test func aDraftWrittenByHandMayGiveEachChangeBesideTheTitle() throws {
        let draft = try read(TodoDraft.self, #"{"title":"buy milk","due":"2026-12-01","addTag":"shop"}"#)
        #expect(draft == TodoDraft(title: "buy milk", [.addTag("shop"), .due(Day(iso: "2026-12-01"))]))
    }

    @Test func aDraftAsRecordingsMadeBeforeKeptItReadsAsTheFieldsItSet() throws {
        let old = #"{"title":"buy milk","notes":"","due":"2026-12-01","priority":null,"tags":["shop"],"contexts":[]}"#
        let draft = try read(TodoDraft.self, old)
        #expect(draft == TodoDraft(title: "buy milk", [.due(Day(iso: "2026-12-01")), .tags(["shop"])]))
    }
}
