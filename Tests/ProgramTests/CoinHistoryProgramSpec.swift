import Foundation
import Testing

@Suite("coin history, through restarts")
struct CoinHistoryProgramSpec {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-history-\(UUID().uuidString)")

    @Test(.slow, arguments: ["sqlite", "disk"])
    func eachRunIsKeptAndALaterRunShowsThemNewestFirst(_ store: String) throws {
        let environment = ["APPCORE_STORE": store, "APPCORE_DATA": folder.appendingPathComponent("data").path]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(try ProgramRun.of("coin", ["flip", "-n", "3"], environment: environment).status == 0)
        #expect(try ProgramRun.of("coin", ["eightball", "Will it keep?"], environment: environment).status == 0)
        #expect(try ProgramRun.of("coin", ["flip", "-n", "2"], environment: environment).status == 0)
        let history = try ProgramRun.of("coin", ["history", "--json"], environment: environment).json()

        let entries = try #require(history["entries"] as? [[String: Any]])
        #expect(entries.map { $0["type"] as? String } == ["flip", "eightball", "flip"])
        #expect((entries.first?["flips"] as? [String])?.count == 2)
        #expect((entries.last?["flips"] as? [String])?.count == 3)
        #expect(entries[1]["question"] as? String == "Will it keep?")
    }

    @Test func clearingForgetsEveryFlipAndAnswer() throws {
        let environment = ["APPCORE_STORE": "sqlite", "APPCORE_DATA": folder.appendingPathComponent("data").path]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        _ = try ProgramRun.of("coin", ["flip"], environment: environment)
        _ = try ProgramRun.of("coin", ["8ball", "Gone?"], environment: environment)
        let cleared = try ProgramRun.of("coin", ["history", "--clear", "--yes"], environment: environment)
        let history = try ProgramRun.of("coin", ["history", "--json"], environment: environment).json()

        #expect(cleared.status == 0)
        #expect((history["entries"] as? [Any])?.isEmpty == true)
    }

    @Test func aFailedRunLeavesTheStoreUntouched() throws {
        let data = folder.appendingPathComponent("data")
        let environment = ["APPCORE_STORE": "disk", "APPCORE_DATA": data.path]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        _ = try ProgramRun.of("coin", ["flip", "-n", "2"], environment: environment)
        let before = try Data(contentsOf: data)
        let failed = try ProgramRun.of("coin", ["flip", "-n", "0"], environment: environment)
        #expect(failed.status == 64)
        #expect(try Data(contentsOf: data) == before)
    }

    @Test func anUnreadableStoreIsADataErrorAndStaysAsItWas() throws {
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("my precious notes".utf8).write(to: data)

        let run = try ProgramRun.of("coin", ["flip", "--store", "sqlite", "--data", data.path])
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(data.path))
        #expect(try String(contentsOf: data, encoding: .utf8) == "my precious notes")
    }
}
