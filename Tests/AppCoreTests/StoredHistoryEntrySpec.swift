import Testing

@testable import AppCore
@testable import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A history's entries as a store keeps them, in their `Codable` form, written and read back
/// directly (`HistoryEntry.write(keyed:)`, `init(keyed:)`), as every change and every start that
/// replays one does: each is written byte for byte as `Codable` writes it and reads as `Codable`
/// reads it, and a form this reading does not take is left to `Codable`, which reads it, or says
/// what is wrong with it, as before.
@Suite("A history's entry read from its stored form")
struct StoredHistoryEntrySpec {
    /// The keyed value `value`'s binary form holds.
    private func keyed(_ value: some Encodable) throws -> BinaryKeyedFields? {
        var fields = BinaryFieldReader(BinaryReader(try BinaryEncoder.encode(value)))
        return fields.keyed()
    }

    /// `entry` read directly, and read through `Codable`, from its binary form.
    private func read<Entry: HistoryEntry>(_ entry: Entry) throws -> (direct: Entry?, throughCodable: Entry) {
        let bytes = try BinaryEncoder.encode(entry)
        return (try keyed(entry).flatMap(Entry.init(keyed:)), try BinaryDecoder.decode(Entry.self, from: bytes))
    }

    /// `entry` written directly, and written through `Codable`.
    private func written<Entry: HistoryEntry>(_ entry: Entry) throws -> (direct: [UInt8], throughCodable: [UInt8]) {
        var fields = BinaryFieldWriter()
        try fields.keyed { try entry.write(keyed: $0) }
        return (fields.bodyBytes, try BinaryEncoder.encode(entry))
    }

    /// `change` as a store keeps it, read back as a store's start reads it.
    private func replayed<Entry: HistoryEntry>(_ change: History<Entry>.Change) throws -> History<Entry>.Change {
        var writer = BinaryFieldWriter()
        try change.write(fields: &writer)
        var fields = BinaryFieldReader(BinaryReader(writer.bodyBytes))
        return try History<Entry>.Change(fields: &fields)
    }

    /// Rolls with labels and a comment, with repeats, and with explosions, as rolled.
    private func rolls() throws -> [DiceRoll] {
        [
            try DiceUnderTest(seed: 3).roll("1d20+5 [attack] 2d6+3 [slashing] # the troll"),
            try DiceUnderTest(seed: 4).roll("2x 4d6kh3"),
            try DiceUnderTest(seed: 5).roll("4d6!"),
        ]
    }

    @Test func everyRollTheHistoryKeepsReadsDirectlyAsItWasKept() throws {
        let kept = try rolls().map(\.totalsOnly)
        for roll in kept {
            let read = try read(roll)
            #expect(read.direct == roll)
            #expect(read.throughCodable == roll)
        }
        #expect(kept[0].comment == "the troll")
        #expect(kept[1].results.count == 2)
    }

    @Test func tossesOfFewAndOfManyFlipsAndAnswersReadDirectly() throws {
        let many = (0..<100).map { $0 % 3 == 0 ? CoinSide.heads : .tails }
        for toss in [CoinToss(flips: [.heads, .tails], at: noon), CoinToss(flips: many, at: noon)] {
            #expect(try read(toss).direct == toss)
        }
        for face in [EightBallFace.all[0], EightBallFace.all[12], EightBallFace.all[19]] {
            let answer = EightBallReading(question: "Will it work? ü 🎲", face: face, at: noon)
            #expect(try read(answer).direct == answer)
        }
    }

    /// A roll with its dice and labels is not what the history keeps: read through `Codable`,
    /// alone and beside a roll that reads directly.
    @Test func aRollWithItsDiceIsReadThroughCodable() throws {
        let rolls = try rolls()
        let whole = rolls[0]
        #expect(!whole.results[0].terms.isEmpty)
        #expect(try read(whole).direct == nil)

        #expect(try replayed(DiceHistory.Change.record(whole)) == .record(whole))
        let both = [rolls[1].totalsOnly, whole]
        #expect(try replayed(DiceHistory.Change.recordAll(both)) == .recordAll(both))
        let history = DiceHistory(both)
        #expect(try BinaryDecoder.decode(DiceHistory.self, from: BinaryEncoder.encode(history)) == history)
    }

    @Test func aHistoryReadsBackEqual() throws {
        let history = DiceHistory(try rolls().map(\.totalsOnly))
        #expect(try BinaryDecoder.decode(DiceHistory.self, from: BinaryEncoder.encode(history)) == history)
        #expect(
            try BinaryDecoder.decode(DiceHistory.self, from: BinaryEncoder.encode([String: Int]())) == DiceHistory())
    }

    @Test func everyEntryChangeAndHistoryIsWrittenAsCodableWritesIt() throws {
        let rolls = try rolls()
        for roll in rolls + rolls.map(\.totalsOnly) {
            let written = try written(roll)
            #expect(written.direct == written.throughCodable)
        }
        let many = (0..<100).map { $0 % 2 == 0 ? CoinSide.heads : .tails }
        for toss in [CoinToss(flips: [.tails], at: noon), CoinToss(flips: many, at: Date(milliseconds: -1))] {
            let written = try written(toss)
            #expect(written.direct == written.throughCodable)
        }
        let answer = try written(EightBallReading(question: "¿Sí? 🎱", face: EightBallFace.all[15], at: noon))
        #expect(answer.direct == answer.throughCodable)

        let kept = rolls.map(\.totalsOnly)
        for change in [DiceHistory.Change.record(kept[0]), .recordAll(kept), .recordAll([]), .clear] {
            var fields = BinaryFieldWriter()
            try change.write(fields: &fields)
            #expect(fields.bodyBytes == (try BinaryEncoder.encode(change)))
        }
        // A history's own coding writes its list directly; through `Codable`, its entries are
        // one list under their name.
        #expect(try BinaryEncoder.encode(DiceHistory(kept)) == BinaryEncoder.encode(["rolls": kept]))
        #expect(try BinaryEncoder.encode(CoinHistory()) == BinaryEncoder.encode(["tosses": [CoinToss]()]))
    }

    /// A toss kept with a letter that is no flip is damage, said as `Codable` says it.
    @Test func aTossOfAnotherLetterIsSaidAsThroughCodable() throws {
        struct Kept: Encodable {
            let flips = "HXT"
            let at = noon
        }
        #expect(try keyed(Kept()).flatMap(CoinToss.init(keyed:)) == nil)

        var writer = BinaryFieldWriter()
        try writer.value(["record": ["_0": Kept()]])
        var direct = BinaryFieldReader(BinaryReader(writer.bodyBytes))
        var throughCodable = direct
        let directError = #expect(throws: DecodingError.self) { try CoinHistory.Change(fields: &direct) }
        let codableError = #expect(throws: DecodingError.self) { try throughCodable.value(CoinHistory.Change.self) }
        #expect(String(describing: directError) == String(describing: codableError))
        #expect(String(describing: directError).contains(#"a flip is H or T, not "X""#))
    }
}
