import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

@Suite("Disk format")
struct DiskFormatSpec {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func crc32EightBytesAStepIsTheCRCOfOneByteAStep() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1_003] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let seed = UInt32.random(in: 0...UInt32.max, using: &random)
            // A lazy sequence has no contiguous storage: it is checked a byte at a time.
            #expect(
                CRC32.checksum(bytes, startingWith: seed) == CRC32.checksum(bytes.lazy.map { $0 }, startingWith: seed))
            #expect(CRC32.checksum(bytes[...], startingWith: seed) == CRC32.checksum(bytes, startingWith: seed))
        }
    }

    @Test func aRecordReadsBackWithItsKindAndPayload() throws {
        let bytes = try DiskFormat.header() + DiskFormat.record(.changes, payload: Array("[1]".utf8))
        let scan = try DiskFormat.scan(bytes, from: DiskFormat.partsHeaderSize, path: "p")
        #expect(scan.records.map(\.kind) == [.changes])
        #expect(scan.records.map { Array($0.payload) } == [Array("[1]".utf8)])
        #expect(scan.end == bytes.count)
        #expect(!scan.tornTail)
    }

    @Test(arguments: 1..<16)
    func halfARecordAtTheEndIsATornWriteNotDamage(_ kept: Int) throws {
        let whole = try DiskFormat.header() + DiskFormat.record(.snapshot, payload: Array("[]".utf8))
        let torn = try whole + DiskFormat.record(.changes, payload: Array("[\"milk\"]".utf8)).prefix(kept)
        let scan = try DiskFormat.scan(torn, from: DiskFormat.partsHeaderSize, path: "p")
        #expect(scan.records.count == 1)
        #expect(scan.end == whole.count)
        #expect(scan.tornTail)
    }

    @Test func aStoreWithATornWriteOpensAndCutsItOffOnTheNextChange() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store")
        let store = try createDiskStore(at: path, initial: Ledger())
        try store.change(.append("milk"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let half = try DiskFormat.record(.changes, payload: Array(#"[{"append":{"_0":"eggs"}}]"#.utf8)).prefix(20)
        try (whole + half).write(to: URL(fileURLWithPath: path))

        let reopened = try createDiskStore(at: path, initial: Ledger())
        #expect(try reopened.state().entries == ["milk"])
        try reopened.change(.append("tea"))
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries == ["milk", "tea"])
    }
}
