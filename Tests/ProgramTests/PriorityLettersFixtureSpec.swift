import Foundation
import Testing

/// Stores and exports written before priorities were letters, which kept todo.txt's (D) to (Z) as
/// low with the letter as the extra `priority` (`Tests/Fixtures/Priorities1`, see `make-stores`
/// there), read in this version as the letters they always were: listed, sorted and filtered as
/// those letters, and written back to todo.txt as they came.
@Suite("priorities kept before letters")
struct PriorityLettersFixtureSpec {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Priorities1")

    /// Each title and the priority it was given in todo.txt.
    static let letters = [
        "call mum": "high", "water the plants": "low", "tidy the shed": "D", "learn the cello": "H",
        "someday, the attic": "Z", "post the card": "K", "read the manual": "M", "mend the fence": "Q",
    ]

    @Test(arguments: ["disk", "sqlite"])
    func aStoreReadsEachLetterAsThePriorityItWas(_ store: String) throws {
        let place = try copyOfFixture(store)
        defer { try? FileManager.default.removeItem(at: place) }
        let environment = [
            "APPCORE_STORE": store, "APPCORE_DATA": place.appendingPathComponent("\(store).store").path,
            "APPCORE_NOW": "2026-11-24T12:00:00.000Z", "TZ": "UTC", "NO_COLOR": "1",
        ]
        let listed = try records(ProgramRun.of("todo", ["list", "--all", "--json"], environment: environment))
        #expect(
            Dictionary(
                uniqueKeysWithValues: listed.map { ($0["title"] as? String ?? "", $0["priority"] as? String ?? "") })
                == Self.letters)
        #expect(
            listed.allSatisfy { ($0["extras"] as? [String: String])?["priority"] == nil }, "the letter is no extra now")

        let sorted = try ProgramRun.of("todo", ["list", "--sort", "priority"], environment: environment)
        #expect(
            sorted.stdout.split(separator: "\n").map { $0.dropFirst(15).prefix(3) }
                == ["(A)", "(C)", "(D)", "(H)", "(Q)", "(Z)"], "\(sorted.stdout)")
        let picked = try ProgramRun.of("todo", ["list", "--all", "pri:(H)", "--json"], environment: environment)
        #expect(try records(picked).map { $0["title"] as? String } == ["learn the cello"])
        // Back to todo.txt, each line as that version wrote it.
        let written = try ProgramRun.of("todo", ["export", "--format", "todotxt"], environment: environment)
        let before = try String(contentsOf: Self.fixtures.appendingPathComponent("export.todotxt"), encoding: .utf8)
        #expect(written.stdout == before)
        // A change mends the to-do where it is kept: it reads the same from its new form.
        let edit = try ProgramRun.of("todo", ["edit", "p100000005", "+attic"], environment: environment)
        #expect(edit.status == 0, "\(edit.stderr)")
        let after = try records(ProgramRun.of("todo", ["show", "p100000005", "--json"], environment: environment))
        #expect(after.first?["priority"] as? String == "Z" && after.first?["tags"] as? [String] == ["attic"])
    }

    @Test func anExportOfThatVersionImportsAsTheLettersAndAgainAsNothingNew() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let file = Self.fixtures.appendingPathComponent("export.json").path
        let first = try ProgramRun.of("todo", ["import", file], environment: place.environment)
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try place.list(["--all"])
        #expect(
            Dictionary(
                uniqueKeysWithValues: listed.map { ($0["title"] as? String ?? "", $0["priority"] as? String ?? "") })
                == Self.letters)
        let again = try ProgramRun.of("todo", ["import", file], environment: place.environment)
        #expect(again.stdout.contains("0 new"), "\(again.stdout)")
        #expect(try place.list(["--all"]).count == Self.letters.count)
    }

    private func records(_ run: ProgramRun) throws -> [[String: Any]] {
        #expect(run.status == 0, "\(run.stderr)")
        let value = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return value as? [[String: Any]] ?? (value as? [String: Any]).map { [$0] } ?? []
    }

    private func copyOfFixture(_ store: String) throws -> URL {
        let place = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appcore-priorities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
        where name.hasPrefix("\(store).store") {
            try FileManager.default.copyItem(
                at: Self.fixtures.appendingPathComponent(name), to: place.appendingPathComponent(name))
        }
        return place
    }
}
