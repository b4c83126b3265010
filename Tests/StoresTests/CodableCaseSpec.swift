import Testing

@testable import Stores

/// An enum's case kept through `Codable`, read directly where it has the form Swift writes
/// (`BinaryFieldReader.codableCase`), as a history's change is: it must read exactly what reading
/// it through `Codable` reads, and leave every other form to that.
@Suite("An enum's case read directly")
struct CodableCaseSpec {
    private struct Entry: Codable, Equatable, Sendable {
        var name: String
        var count: Int
    }

    /// The shape of a history's change, coded as Swift codes it.
    private enum Change: Codable, Equatable, Sendable {
        case record(Entry)
        case recordAll([Entry])
        case clear
    }

    /// Reads a change as a history does: directly where the form allows, else through `Codable`.
    private func directly(_ fields: inout BinaryFieldReader) throws -> Change {
        var rest = fields
        let change: Change
        switch rest.codableCase() {
        case ("record", var value?)?: change = .record(try value.value(Entry.self))
        case ("recordAll", var value?)?: change = .recordAll(try value.value([Entry].self))
        case ("clear", _)?: change = .clear
        default: return try fields.value(Change.self)
        }
        fields = rest
        return change
    }

    /// `value`'s binary form, then a string field after it.
    private func fields(_ value: some Encodable) throws -> BinaryFieldReader {
        var writer = BinaryFieldWriter()
        try writer.value(value)
        writer.string("after")
        return BinaryFieldReader(BinaryReader(writer.bodyBytes))
    }

    @Test(
        arguments: [
            Change.record(Entry(name: "heads", count: 1)), .recordAll([]),
            .recordAll([Entry(name: "a", count: -3), Entry(name: "ü 🎲", count: .max)]), .clear,
        ] as [Change])
    private func eachCaseReadsAsThroughCodableAndTheFieldAfterIt(_ change: Change) throws {
        var direct = try fields(change)
        var throughCodable = try fields(change)

        #expect(try directly(&direct) == change)
        #expect(try throughCodable.value(Change.self) == change)
        #expect(try direct.string() == "after")
        #expect(direct.isAtEnd)
    }

    /// Forms Swift does not write for this enum, each read through `Codable`, as before: a case
    /// beside another key, a value beside `_0`, and the case of another name.
    private struct TwoCases: Encodable {
        let record = ["_0": Entry(name: "x", count: 1)]
        let clear: [String: Int] = [:]
    }

    private struct ValueAndMore: Encodable {
        struct Inner: Encodable {
            let _0 = Entry(name: "x", count: 1)
            let note = "extra"
        }
        let record = Inner()
    }

    @Test func anyOtherFormIsLeftToCodableUnread() throws {
        for var reader in [try fields(TwoCases()), try fields(ValueAndMore()), try fields("record")] {
            #expect(reader.codableCase() == nil)
            try reader.skip()
            #expect(try reader.string() == "after")
        }
        var more = try fields(ValueAndMore())
        #expect(try directly(&more) == .record(Entry(name: "x", count: 1)))
        var two = try fields(TwoCases())
        #expect(throws: DecodingError.self) { try directly(&two) }
    }

    /// A case of another name, or a case without the value it needs, is read through `Codable`
    /// from where it starts, and fails as it fails there: not by reading what follows it.
    @Test func aCaseNotReadDirectlyFailsAsThroughCodable() throws {
        for value in [["reset": [String: Int]()], ["record": [String: Int]()]] {
            var direct = try fields(value)
            var throughCodable = try fields(value)

            let directError = #expect(throws: DecodingError.self) { try directly(&direct) }
            let codableError = #expect(throws: DecodingError.self) { try throughCodable.value(Change.self) }
            #expect(String(describing: directError) == String(describing: codableError))
        }
    }

    @Test func aCaseOfAnotherNameIsReadAsOneAndLeftToTheCaller() throws {
        var other = try fields(["reset": [String: Int]()])
        let found = other.codableCase()

        #expect(found?.name == "reset")
        #expect(found?.value == nil)
        #expect(try other.string() == "after")
    }
}
