import Testing

@testable import Stores

/// How a record another version wrote reads, in the two forms a store keeps: a keyed record names
/// each field, and a list of fields states how many it holds. Neither says a field by a position
/// that could shift, so a field added later is found missing, or found extra, never misread.
@Suite("A record written by another version")
struct RecordToleranceSpec {
    /// A keyed record as a first version wrote it, and as a later one, which added two fields.
    private struct First: Codable, Equatable {
        var name = "dice"
        var count = 3
    }

    private struct Later: Codable, Equatable {
        var name = "dice"
        var count = 3
        var colour: String?
        var sides = 6

        init(name: String = "dice", count: Int = 3, colour: String? = nil, sides: Int = 6) {
            (self.name, self.count, self.colour, self.sides) = (name, count, colour, sides)
        }

        /// A field added after the first version is read if present, so a record without it reads.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            count = try container.decode(Int.self, forKey: .count)
            colour = try container.decodeIfPresent(String.self, forKey: .colour)
            sides = try container.decodeIfPresent(Int.self, forKey: .sides) ?? 6
        }
    }

    @Test func aKeyedRecordWrittenBeforeAFieldWasAddedReadsTheFieldsDefault() throws {
        let read = try BinaryDecoder.decode(Later.self, from: BinaryEncoder.encode(First(name: "coin", count: 2)))
        #expect(read == Later(name: "coin", count: 2, colour: nil, sides: 6))
    }

    @Test func aKeyedRecordALaterVersionWroteReadsWithoutTheFieldsItAdded() throws {
        let later = Later(name: "coin", count: 2, colour: "red", sides: 2)
        #expect(
            try BinaryDecoder.decode(First.self, from: BinaryEncoder.encode(later)) == First(name: "coin", count: 2))
    }

    /// A list of fields, as a to-do or a kept change is stored.
    private func list(_ write: (inout BinaryFieldWriter) -> Void) -> [UInt8] {
        var outer = BinaryFieldWriter()
        outer.nested(write)
        outer.string("after")
        return outer.bodyBytes
    }

    @Test func aListOfFieldsALaterVersionAppendedToReadsWithoutThemAndTheValueAfterItStillReads() throws {
        var fields = BinaryFieldReader(
            BinaryReader(
                list {
                    $0.string("coin")
                    $0.int64(2)
                    $0.string("red")
                    $0.strings(["added", "later"])
                }))
        let (name, count) = try fields.nested { (try $0.string(), try $0.int64()) }
        #expect((name, count) == ("coin", 2))
        #expect(try fields.string() == "after")
    }

    @Test func aListOfFieldsWrittenBeforeAFieldWasAddedSaysItEndsBeforeIt() throws {
        var fields = BinaryFieldReader(BinaryReader(list { $0.string("coin") }))
        let (name, colour) = try fields.nested { fields in
            (try fields.string(), fields.isAtEnd ? nil : try fields.string())
        }
        #expect(name == "coin")
        #expect(colour == nil)
        #expect(try fields.string() == "after")
    }
}
