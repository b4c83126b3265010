import Testing

@testable import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A keyed value's entries read by name straight from the binary form (`BinaryKeyedFields`): each
/// key finds what `Codable`'s reading finds, and a value whose entries do not all read whole is
/// not read at all, so that `Codable` reads it, or says what is wrong with it.
@Suite("A keyed value's entries read by name")
struct BinaryKeyedFieldsSpec {
    /// A keyed value of `entries`, in their order, each a key and a value already written; then a
    /// string field after it.
    private func keyedValue(_ entries: [(String, (inout BinaryWriter) -> Void)]) -> BinaryFieldReader {
        var writer = BinaryWriter()
        writer.tag(.keyed)
        writer.sized { body in
            body.unsigned(UInt64(entries.count))
            for (key, write) in entries {
                body.string(key)
                write(&body)
            }
        }
        writer.tag(.string)
        writer.string("after")
        return BinaryFieldReader(BinaryReader(writer.bytes))
    }

    private static func text(_ text: String) -> (inout BinaryWriter) -> Void {
        {
            $0.tag(.string)
            $0.string(text)
        }
    }

    private static func number(_ number: Int64) -> (inout BinaryWriter) -> Void {
        {
            $0.tag(.signed)
            $0.signed(number)
        }
    }

    private static func null(_ writer: inout BinaryWriter) { writer.tag(.null) }

    @Test func aKeyFindsItsFirstEntryAsCodableDoesAndOthersArePassedOver() throws {
        struct Read: Decodable, Equatable {
            let name: String
            let count: Int
        }
        let entries = [
            ("other", Self.number(7)), ("name", Self.text("first")), ("count", Self.number(-3)),
            ("name", Self.text("second")),
        ]
        var reader = keyedValue(entries)
        let keyed = reader.keyed()
        let fields = try #require(keyed)

        #expect(fields.string("name") == "first")
        #expect(fields.int("count") == -3)
        var throughCodable = keyedValue(entries)
        #expect(try throughCodable.value(Read.self) == Read(name: "first", count: -3))
        #expect(try reader.string() == "after")
    }

    @Test func anEntryMissingNilOrOfAnotherKindReadsAsNothing() throws {
        var reader = keyedValue([("name", Self.text("x")), ("gone", Self.null(_:))])
        let keyed = reader.keyed()
        let fields = try #require(keyed)

        #expect(fields.string("missing") == nil)
        #expect(fields.int("name") == nil)
        #expect(fields.date("name") == nil)
        #expect(fields.holds("name"))
        #expect(!fields.holds("gone"))
        #expect(!fields.holds("missing"))
    }

    @Test func aListIsReadWholeOrNotAtAll() throws {
        let element: (String) -> (inout BinaryWriter) -> Void = { name in
            { writer in
                writer.tag(.keyed)
                writer.sized {
                    $0.unsigned(1)
                    $0.string("name")
                    $0.tag(.string)
                    $0.string(name)
                }
            }
        }
        let list: ([(inout BinaryWriter) -> Void]) -> (inout BinaryWriter) -> Void = { elements in
            { writer in
                writer.tag(.list)
                writer.sized { body in
                    body.unsigned(UInt64(elements.count))
                    for write in elements { write(&body) }
                }
            }
        }
        var reader = keyedValue([
            ("names", list([element("a"), element("b")])), ("mixed", list([element("a"), Self.text("b")])),
        ])
        let keyed = reader.keyed()
        let fields = try #require(keyed)

        var names: [String] = []
        #expect(
            fields.forEachKeyed(in: "names") {
                names.append($0.string("name") ?? "?")
                return true
            })
        #expect(names == ["a", "b"])
        #expect(!fields.forEachKeyed(in: "mixed") { _ in true })
        #expect(!fields.forEachKeyed(in: "names") { $0.string("name") == "a" })
    }

    /// Damage anywhere in the value, even in an entry no key asks for, leaves it unread.
    @Test func aValueWithAnEntryThatDoesNotReadWholeIsNotRead() throws {
        let cut: (inout BinaryWriter) -> Void = {
            $0.tag(.string)
            $0.unsigned(40)
            $0.string("short")
        }
        var damaged = keyedValue([("name", Self.text("x")), ("broken", cut)])
        #expect(damaged.keyed() == nil)

        var notKeyed = BinaryFieldReader(BinaryReader(try BinaryEncoder.encode(["a", "b"])))
        #expect(notKeyed.keyed() == nil)
        #expect(try notKeyed.value([String].self) == ["a", "b"])
    }

    /// Written directly, a keyed value is byte for byte what the encoder writes through `Codable`:
    /// its entries in the order of their keys' bytes, a key given again replacing its value.
    @Test func aKeyedValueIsWrittenAsTheEncoderWritesIt() throws {
        struct Kept: Encodable {
            let b = "second"
            let a = -7
            let umlaut = "after z"
            let upper = "before a"
            let z = [Inner(name: "one"), Inner(name: "two")]

            enum CodingKeys: String, CodingKey {
                case b, a, umlaut = "ä", upper = "B", z
            }
        }
        struct Inner: Encodable {
            let name: String
        }
        var fields = BinaryFieldWriter()
        fields.keyed { kept in
            kept.string("b", "first")
            kept.int("a", -7)
            kept.string("ä", "after z")
            kept.string("B", "before a")
            kept.list("z", count: 2) { inner, position in inner.string("name", ["one", "two"][position]) }
            kept.string("b", "second")
        }

        #expect(fields.bodyBytes == (try BinaryEncoder.encode(Kept())))
    }

    /// What a value reads with `forEachKeyedIfPresent`: the names of a list under `names`, and
    /// whether they were read directly.
    private struct Names: Decodable {
        var names: [String] = []
        var direct = false

        enum CodingKeys: String, CodingKey {
            case names
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var names: [String] = []
            direct = try container.forEachKeyedIfPresent(forKey: .names, from: decoder) { fields in
                guard let name = fields.string("name") else { return false }
                names.append(name)
                return true
            }
            self.names = names
        }
    }

    /// A list under a key is read directly from a store's binary form; where the key is missing
    /// or nil, as none, as `decodeIfPresent` reads none; from any other form, not at all, for the
    /// caller to read through `Codable`.
    @Test func aListUnderAKeyIsReadDirectlyOnlyFromTheBinaryForm() throws {
        let listed = try BinaryDecoder.decode(
            Names.self, from: BinaryEncoder.encode(["names": [["name": "a"], ["name": "b"]]]))
        #expect(listed.direct)
        #expect(listed.names == ["a", "b"])

        for nothing in [try BinaryEncoder.encode([String: Int]()), try BinaryEncoder.encode(["names": String?.none])] {
            let read = try BinaryDecoder.decode(Names.self, from: nothing)
            #expect(read.direct)
            #expect(read.names.isEmpty)
        }

        let json = try JSONDecoder().decode(Names.self, from: Data(#"{"names": [{"name": "a"}]}"#.utf8))
        #expect(!json.direct)
    }
}
