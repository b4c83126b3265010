import Fractal
import Testing

@testable import Stores

@Suite("The largest record a store writes")
struct RecordLimitSpec {
    @Test(.slow) func aRecordLargerThanAStoreReadsBackIsRefusedBeforeItIsWritten() {
        let tooLarge = [UInt8](repeating: 0, count: RecordLimit.largest + 1)
        #expect(throws: StoreError.tooLarge(path: "p", bytes: RecordLimit.largest + 1, limit: RecordLimit.largest)) {
            try RecordLimit.checked(tooLarge, path: "p")
        }
    }

    @Test func aRecordWithinTheLimitIsWrittenAsItIs() throws {
        #expect(try RecordLimit.checked([1, 2, 3], path: "p") == [1, 2, 3])
        // What the disk store reads back is larger than what any store writes.
        #expect(RecordLimit.largest <= DiskFormat.largestPayload)
    }
}
