import Testing

@testable import AppCore
@testable import Stores

/// A history's change as a store keeps it (its `Codable` form), read back as every start replays
/// it: directly where it has the form Swift writes, through `Codable` otherwise, and in either
/// case to the end of its field, no further.
@Suite("A history's change as a store keeps it")
struct StoredHistoryChangeSpec {
    static let tosses = [CoinToss(flips: [.heads], at: noon), CoinToss(flips: [.tails, .heads], at: noon)]

    /// `write`'s fields, then a string field after them.
    private func fields(_ write: (inout BinaryFieldWriter) throws -> Void) rethrows -> BinaryFieldReader {
        var writer = BinaryFieldWriter()
        try write(&writer)
        writer.string("after")
        return BinaryFieldReader(BinaryReader(writer.bodyBytes))
    }

    @Test(arguments: [CoinHistory.Change.record(tosses[0]), .recordAll(tosses), .recordAll([]), .clear])
    func eachChangeReadsBackEqualAndTheFieldAfterIt(_ change: CoinHistory.Change) throws {
        var read = try fields { try change.write(fields: &$0) }

        #expect(try CoinHistory.Change(fields: &read) == change)
        #expect(try read.string() == "after")
        #expect(read.isAtEnd)
    }

    /// A case no history has is damage, said as `Codable` says it from where the change starts.
    @Test func aChangeOfAnotherNameIsSaidAsThroughCodable() throws {
        var direct = try fields { try $0.value(["reset": [String: Int]()]) }
        var throughCodable = direct

        let directError = #expect(throws: DecodingError.self) { try CoinHistory.Change(fields: &direct) }
        let codableError = #expect(throws: DecodingError.self) { try throughCodable.value(CoinHistory.Change.self) }
        #expect(String(describing: directError) == String(describing: codableError))
        #expect(String(describing: directError).contains("no change of a history this program knows"))
    }
}
