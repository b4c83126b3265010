import Foundation
import Fractal
import StoreTestSupport
import Testing

@testable import Stores

/// The end of a disk store's file: half a record is a change never acknowledged, cut off in
/// silence by the next writer; a whole record that fails its checksum may be an acknowledged
/// change, so it is said, and set aside before a writer drops it.
@Suite("The end of a disk store")
struct DamagedTailSpec {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("store")
    }

    @Test func aDamagedLastChangeIsSaidAndTheFileLeftAsItWas() throws {
        let (damaged, lastRecord) = try storeWithDamagedLastChange()
        let warnings = WarningLog()

        let store = try createDiskStore(at: path, initial: Ledger(), warn: warnings.warn)

        #expect(try store.state().entries == ["milk", "eggs"])
        #expect(warnings.said.count == 1)
        #expect(warnings.said.first?.contains("\(path) (at byte \(lastRecord.lowerBound)) is damaged") == true)
        #expect(try bytes(path) == damaged)
        _ = try store.state()
        #expect(warnings.said.count == 1)  // said once, not at every read
    }

    @Test func theNextChangeCopiesTheDamagedRecordBesideTheStoreAndSaysSo() throws {
        let (damaged, lastRecord) = try storeWithDamagedLastChange()
        let warnings = WarningLog()
        let store = try createDiskStore(at: path, initial: Ledger(), warn: warnings.warn)

        try store.change(.append("tea"))

        let aside = "\(path).damaged-at-\(lastRecord.lowerBound)"
        #expect(try bytes(aside) == Array(damaged[lastRecord]))
        #expect(warnings.said.last == "a damaged change was cut from \(path); its bytes are in \(aside)")
        let later = WarningLog()
        #expect(
            try createDiskStore(at: path, initial: Ledger(), warn: later.warn).state().entries == [
                "milk", "eggs", "tea",
            ])
        #expect(later.said.isEmpty)
    }

    @Test func zerosAfterTheLastRecordAreSaidAndSetAsideLikeADamagedOne() throws {
        let store = try createDiskStore(at: path, initial: Ledger())
        try store.change(.append("milk"))
        let whole = try bytes(path)
        try Data(whole + Array(repeating: 0, count: 40)).write(to: URL(fileURLWithPath: path))
        let warnings = WarningLog()

        let reopened = try createDiskStore(at: path, initial: Ledger(), warn: warnings.warn)
        #expect(try reopened.state().entries == ["milk"])
        #expect(warnings.said.count == 1)
        try reopened.change(.append("tea"))

        #expect(try bytes("\(path).damaged-at-\(whole.count)") == Array(repeating: 0, count: 40))
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries == ["milk", "tea"])
    }

    @Test func aTornWriteIsLeftByAReaderAndCutInSilenceByTheNextWriter() throws {
        let store = try createDiskStore(at: path, initial: Ledger())
        try store.change(.append("milk"))
        let whole = try bytes(path)
        let torn = try whole + DiskFormat.record(.changes, payload: Array(repeating: 7, count: 30)).prefix(20)
        try Data(torn).write(to: URL(fileURLWithPath: path))
        let warnings = WarningLog()

        let reopened = try createDiskStore(at: path, initial: Ledger(), warn: warnings.warn)
        #expect(try reopened.state().entries == ["milk"])
        #expect(try bytes(path) == torn)
        try reopened.change(.append("tea"))

        #expect(warnings.said.isEmpty)
        #expect(try createDiskStore(at: path, initial: Ledger()).state().entries == ["milk", "tea"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["store", "store.lock"])
    }

    /// A store of three changes whose last record has one bit flipped, and where that record lies.
    private func storeWithDamagedLastChange() throws -> (bytes: [UInt8], lastRecord: Range<Int>) {
        let store = try createDiskStore(at: path, initial: Ledger())
        try store.change(.append("milk"))
        try store.change(.append("eggs"))
        let start = try bytes(path).count
        try store.change(.append("bread"))
        var damaged = try bytes(path)
        damaged[damaged.count - 2] ^= 0x01
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        return (damaged, start..<damaged.count)
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
