import Foundation
import Fractal
import StoreTestSupport
import Testing

/// The promises of the durable stores, kept against real processes: killed mid-write, and
/// writing the same store at the same time.
@Suite("Durable promises")
struct DurablePromisesSpec {
    @Test(.slow, arguments: DurableVariant.available)
    func everyAcknowledgedChangeSurvivesAKillAtARandomMoment(_ variant: DurableVariant) throws {
        var chance = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let folder = try TemporaryFolder()
            let path = folder.path("store")
            // Entries of 1 kB make the store rewrite its snapshot every few dozen changes, so some
            // kills land in the middle of that too.
            let child = try ChildProcess(exerciser: [variant.rawValue, path, "w", "100000", "pairs", "1000"])
            let seen = child.readLines(atLeast: Int.random(in: 1...150, using: &chance))
            child.kill()
            let acknowledged = (seen + child.finish().lines).count { $0.hasPrefix("ack ") }

            let entries = try variant.open(at: path, initial: Ledger()).state().entries
            let kept = entries.count / 2
            // Every acknowledged change is there; at most the one in flight besides; none by half.
            #expect(kept == acknowledged || kept == acknowledged + 1, "acknowledged \(acknowledged), kept \(kept)")
            let padding = String(repeating: ".", count: 1000)
            #expect(entries == (0..<kept).flatMap { ["w-\($0)-a\(padding)", "w-\($0)-b\(padding)"] })
        }
    }

    @Test(.slow, arguments: DurableVariant.available)
    func fourWritersAtOnceLoseNothing(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store")
        _ = try variant.open(at: path, initial: Ledger())  // made before, so the writers race on changes alone
        let writers = try (0..<4).map { try ChildProcess(exerciser: [variant.rawValue, path, "p\($0)", "250"]) }
        let statuses = writers.map { $0.finish().status }

        let entries = try variant.open(at: path, initial: Ledger()).state().entries
        #expect(statuses == [0, 0, 0, 0])
        #expect(entries.count == 1_000)
        #expect(Set(entries).count == 1_000)
        for writer in 0..<4 {
            // Each writer's changes are there in the order it made them.
            #expect(entries.filter { $0.hasPrefix("p\(writer)-") } == (0..<250).map { "p\(writer)-\($0)" })
        }
    }

    @Test(arguments: DurableVariant.available)
    func writersCreatingTheStoreAtOnceLoseNothing(_ variant: DurableVariant) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store")
        let writers = try (0..<4).map { try ChildProcess(exerciser: [variant.rawValue, path, "p\($0)", "25"]) }
        let statuses = writers.map { $0.finish().status }
        #expect(statuses == [0, 0, 0, 0])
        #expect(try variant.open(at: path, initial: Ledger()).state().entries.count == 100)
    }
}
