import Essentials
import Foundation
import Fractal
import Testing

@testable import Stores

/// A value with one of everything `Codable` can say, to read back through the binary form.
private struct Sampler: Codable, Equatable {
    enum Shape: Codable, Equatable {
        case dot
        case circle(radius: Double)
        case label(String, size: Int8)
    }

    var flag = true
    var small: Int8 = -128
    var wide: Int64 = .min
    var count: UInt64 = .max
    var ratio = 0.1
    var single: Float = 2.5
    var text = "héllo, wörld 🌍"
    var empty = ""
    var missing: String?
    var present: Int? = 7
    var moment = Date(timeIntervalSinceReferenceDate: 815_000_000.125)
    var list = [3, 1, 2]
    var nested = [[1], [], [2, 3]]
    var names = ["b": "2", "a": "1"]
    var numbered = [7: "seven", -1: "minus one"]
    var shapes: [Shape] = [.dot, .circle(radius: 1.5), .label("x", size: 3)]
    var optionals: [String?] = ["a", nil, "c"]
}

@Suite("Binary format")
struct BinaryFormatSpec {
    @Test func everyKindOfValueReadsBackEqual() throws {
        let value = Sampler()
        let bytes = try BinaryEncoder.encode(value)
        #expect(try BinaryDecoder.decode(Sampler.self, from: bytes) == value)
    }

    @Test func aValueIsReadWhereItLiesAmongOtherBytes() throws {
        let value = Sampler()
        let encoded = try BinaryEncoder.encode(value)
        let bytes = [0xFF, 0x00, 0x07] + encoded + [0x01, 0x02]
        let range = 3..<(3 + encoded.count)
        #expect(try BinaryDecoder.decode(Sampler.self, from: bytes, in: range) == value)
        #expect(throws: DecodingError.self) {
            try BinaryDecoder.decode(Sampler.self, from: bytes, in: range.lowerBound..<(range.upperBound + 1))
        }
    }

    @Test func equalValuesGiveEqualBytes() throws {
        #expect(try BinaryEncoder.encode(Sampler()) == BinaryEncoder.encode(Sampler()))
    }

    /// A keyed value's keys are looked through while few, and found by a table once many: either
    /// way every entry reads back, and a key given again keeps its place and its last value.
    @Test(arguments: [3, 16, 17, 40])
    func keyedValuesOfAnySizeReadBackWithKeysGivenAgainReplaced(_ count: Int) throws {
        let entries = Dictionary(uniqueKeysWithValues: (0..<count).map { ("key \($0)", $0) })
        #expect(try BinaryDecoder.decode([String: Int].self, from: BinaryEncoder.encode(entries)) == entries)
        let repeated = try BinaryEncoder.encode(KeysGivenTwice(count: count))
        #expect(try BinaryDecoder.decode([String: Int].self, from: repeated) == entries.mapValues { $0 + 1_000 })
    }

    /// Strings under 128 bytes are read in one step, longer ones the full way: both read back,
    /// alone and among other values, and a string cut short is an error either way.
    @Test(arguments: [0, 1, 15, 16, 126, 127, 128, 129, 300])
    func stringsOfEveryLengthReadBackExactly(_ length: Int) throws {
        let text = String(repeating: "ä", count: length / 2) + String(repeating: "x", count: length % 2)
        #expect(text.utf8.count == length)
        let bytes = try BinaryEncoder.encode(text)
        #expect(try BinaryDecoder.decode(String.self, from: bytes) == text)
        let list = try BinaryEncoder.encode([text, "after"])
        #expect(try BinaryDecoder.decode([String].self, from: list) == [text, "after"])
        #expect(throws: DecodingError.self) { try BinaryDecoder.decode(String.self, from: Array(bytes.dropLast())) }
    }

    @Test(arguments: [0, 1, 127, 128, 16_383, 16_384, Int64.max, -1, -64, -65, Int64.min])
    func integersReadBackExactly(_ number: Int64) throws {
        #expect(try BinaryDecoder.decode(Int64.self, from: BinaryEncoder.encode(number)) == number)
    }

    @Test func aValueCutShortAnywhereIsAnErrorNotACrash() throws {
        let bytes = try BinaryEncoder.encode(Sampler())
        for length in 0..<bytes.count {
            #expect(throws: DecodingError.self, "cut at \(length)") {
                try BinaryDecoder.decode(Sampler.self, from: Array(bytes.prefix(length)))
            }
        }
    }

    @Test func everyByteDamagedInTurnIsAnErrorOrAnotherValueNeverACrash() throws {
        let bytes = try BinaryEncoder.encode(Sampler())
        var refused = 0
        for position in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[position] ^= flip
                do {
                    _ = try BinaryDecoder.decode(Sampler.self, from: damaged)
                } catch is DecodingError {
                    refused += 1
                } catch {
                    Issue.record("flipping byte \(position) by \(flip) threw \(error), not a DecodingError")
                }
            }
        }
        // The tags, counts and lengths a flip breaks are found out; a flip in a number or a string's
        // bytes reads as another value, which only a checksum (`SealedValue`) finds.
        #expect(refused > bytes.count / 2)
    }

    /// A sealed part is damaged whatever byte of its body a flip lands on: on a tag or a length,
    /// which leave the body unreadable, as on a number or a string's bytes, which the checksum
    /// finds. Either way it is said the same way, naming the part.
    @Test func everyByteOfASealedBodyDamagedInTurnIsSaidAsThePartFailingItsSeal() throws {
        let sealed = try SealedValue.seal(try BinaryEncoder.encode(Sampler()))
        let body = SealedValue.headSize..<sealed.count
        for position in body {
            var damaged = sealed
            damaged[position] ^= 0x5A
            let error = #expect(throws: BinaryFormat.Damage.self, "flipping byte \(position)") {
                try SealedValue.checkedBody(of: damaged, in: damaged.indices, named: "runs")
            }
            #expect(error?.problem == "its part \"runs\" fails the checksum it was sealed with", "byte \(position)")
        }
        #expect(try SealedValue.checkedBody(of: sealed, in: sealed.indices, named: "runs") == body)
    }

    @Test func bytesAfterTheValueAreRefused() throws {
        let bytes = try BinaryEncoder.encode([1, 2, 3]) + [0]
        let error = #expect(throws: DecodingError.self) { try BinaryDecoder.decode([Int].self, from: bytes) }
        #expect("\(String(describing: error))".contains("1 bytes follow the value"))
    }

    @Test func aValueOfAnotherTypeSaysWhereItIs() throws {
        struct Named: Codable { let name: String }
        struct Numbered: Codable { let name: Int }
        let bytes = try BinaryEncoder.encode([Named(name: "x")])
        let error = #expect(throws: DecodingError.self) { try BinaryDecoder.decode([Numbered].self, from: bytes) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected a type mismatch, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["0", "name"])
        #expect(context.debugDescription.contains("found a string value"))
    }

    @Test func aNumberTooLargeForItsTypeIsRefused() throws {
        let bytes = try BinaryEncoder.encode(300)
        #expect(throws: DecodingError.self) { try BinaryDecoder.decode(Int8.self, from: bytes) }
    }

    /// A date no program writes, past what a 64-bit count of milliseconds holds, or not a number,
    /// is damage, said with where it is; the dates at either end of that range read back.
    @Test(arguments: [1e300, -1e300, .infinity, -.infinity, .nan, 9.3e15, -9.3e15])
    func aDateNoProgramCanPrintIsRefused(_ seconds: Double) throws {
        struct Moment: Codable, Equatable { let at: Date }
        let bytes = try BinaryEncoder.encode([Moment(at: Date(timeIntervalSinceReferenceDate: seconds))])
        let error = #expect(throws: DecodingError.self) { try BinaryDecoder.decode([Moment].self, from: bytes) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected damage, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["0", "at"])
        #expect(context.debugDescription.hasPrefix("a date out of any calendar at byte "))
    }

    @Test(arguments: [0, 1.5, -978_307_200, 9.2e15, -9.2e15])
    func aDateAProgramCanPrintReadsBackEqual(_ seconds: Double) throws {
        struct Moment: Codable, Equatable { let at: Date }
        let moments = [Moment(at: Date(timeIntervalSinceReferenceDate: seconds))]
        #expect(try BinaryDecoder.decode([Moment].self, from: BinaryEncoder.encode(moments)) == moments)
        _ = moments[0].at.milliseconds  // which stops the program, were the range wrong
    }

    @Test func aMissingKeyIsNamed() throws {
        struct Short: Codable { let a: Int }
        struct Long: Codable { let a: Int, b: Int }
        let bytes = try BinaryEncoder.encode(Short(a: 1))
        let error = #expect(throws: DecodingError.self) { try BinaryDecoder.decode(Long.self, from: bytes) }
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected a missing key, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "b")
    }

    @Test func aSubclassKeepsWhatItsSuperclassEncoded() throws {
        let value = Labelled(label: "top", number: 42)
        let decoded = try BinaryDecoder.decode(Labelled.self, from: BinaryEncoder.encode(value))
        #expect(decoded.label == "top")
        #expect(decoded.number == 42)
    }
}

/// A superclass that encodes itself under `super`. Classes, because `superEncoder` is for them.
private class Numbered: Codable {
    let number: Int
    init(number: Int) { self.number = number }
}

private final class Labelled: Numbered {
    let label: String
    private enum CodingKeys: String, CodingKey { case label }

    init(label: String, number: Int) {
        self.label = label
        super.init(number: number)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try super.encode(to: container.superEncoder())
    }
}

/// Encodes each of `count` keys twice, the second time with 1,000 added.
private struct KeysGivenTwice: Encodable {
    let count: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for round in [0, 1_000] {
            for index in 0..<count { try container.encode(index + round, forKey: NamedKey("key \(index)")) }
        }
    }
}

private struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
