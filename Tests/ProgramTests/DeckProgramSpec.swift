import Foundation
import Testing

@Suite("dice deck, the program")
struct DeckProgramSpec {
    /// `dice deck` with its arguments, on a store of its own in `folder`.
    private func deck(_ arguments: [String], _ store: String, in folder: URL) throws -> ProgramRun {
        try ProgramRun.of(
            "dice", ["deck"] + arguments,
            environment: ["APPCORE_STORE": store, "APPCORE_DATA": folder.appendingPathComponent("data").path])
    }

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func codes(_ run: ProgramRun, _ key: String) throws -> [String] {
        try #require(try run.json()[key] as? [String])
    }

    @Test(arguments: ["sqlite", "disk"])
    func drawsLastBetweenRunsUntilTheDeckIsShuffled(_ store: String) throws {
        let place = try folder()
        defer { try? FileManager.default.removeItem(at: place) }
        let first = try codes(try deck(["draw", "3", "--seed", "7", "--json"], store, in: place), "cards")
        let second = try codes(try deck(["draw", "2", "--seed", "7", "--json"], store, in: place), "cards")
        let shown = try deck(["show", "--json"], store, in: place)
        #expect(try codes(shown, "drawn") == first + second)
        #expect(try codes(shown, "left").count == 47)
        #expect(Set(first + second).count == 5)

        #expect(try deck(["shuffle", "--jokers"], store, in: place).stdout == "A fresh deck of 54 cards.\n")
        let fresh = try deck(["show", "--json"], store, in: place)
        #expect(try codes(fresh, "drawn").isEmpty)
        #expect(try codes(fresh, "left").count == 54)
    }

    @Test(.slow, arguments: ["sqlite", "disk"])
    func manyProgramsDrawingAtOnceEachGetCardsNoOtherGets(_ store: String) throws {
        let place = try folder()
        defer { try? FileManager.default.removeItem(at: place) }
        let data = place.appendingPathComponent("data").path
        #expect(try deck(["shuffle"], store, in: place).status == 0)
        // Ten programs started together, each drawing five.
        let drawers = try (0..<10).map { _ in
            let process = Process()
            process.executableURL = try ProgramRun.executable(named: "dice")
            process.arguments = ["deck", "draw", "5", "--json", "--store", store, "--data", data]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (process, output)
        }
        var drawn: [String] = []
        for (process, output) in drawers {
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let report = try JSONSerialization.jsonObject(with: printed) as? [String: Any]
            drawn += report?["cards"] as? [String] ?? []
        }
        #expect(drawn.count == 50)
        #expect(Set(drawn).count == 50)
        let shown = try deck(["show", "--json"], store, in: place)
        #expect(Set(try codes(shown, "drawn")) == Set(drawn))
        #expect(try codes(shown, "left").count == 2)
    }

    @Test func theSameSeedDrawsTheSameCardsFromAFreshDeck() throws {
        let runs = try (0..<2).map { _ in
            try ProgramRun.of("dice", ["deck", "draw", "5", "--seed", "11", "--store", "memory"])
        }
        #expect(runs[0].status == 0)
        #expect(runs[0].stdout == runs[1].stdout)
        #expect(runs[0].stdout.hasSuffix("\n47 left\n"))
        #expect(runs[0].stdout.split(separator: "\n").first?.split(separator: " ").count == 5)
    }

    @Test func drawingFromAnEmptyDeckIsOneLineExitOneAndKeepsTheDeck() throws {
        let place = try folder()
        defer { try? FileManager.default.removeItem(at: place) }
        #expect(try deck(["draw", "52"], "sqlite", in: place).status == 0)
        let empty = try deck(["draw"], "sqlite", in: place)
        #expect(empty.status == 1)
        #expect(empty.stdout.isEmpty)
        #expect(empty.stderr.hasPrefix("Error: the deck is empty"))
        #expect(empty.stderr.split(separator: "\n").count == 1)
        #expect(try codes(try deck(["show", "--json"], "sqlite", in: place), "drawn").count == 52)
    }

    @Test(arguments: ["0", "55", "-2", "five"])
    func aCountOutOfRangeIsAUsageError(_ count: String) throws {
        let run = try ProgramRun.of("dice", ["deck", "draw", "--store", "memory", "--", count])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error:"))
        #expect(run.stdout.isEmpty)
    }
}
