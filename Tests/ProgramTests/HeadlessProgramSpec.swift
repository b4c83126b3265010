import Foundation
import FoundationXML
import Testing

@Suite("headless, the program")
struct HeadlessProgramSpec {
    /// The project's own scenario suite.
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios").path

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-headless-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func theProjectsScenariosPassOnEveryStore() throws {
        let run = try ProgramRun.of("headless", ["run", Self.scenarios, "--store", "all"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("0 failed\n"))
    }

    @Test func tapIsVersion14WithAPlanAndATestPointEach() throws {
        let run = try ProgramRun.of("headless", ["run", Self.scenarios, "--format", "tap"])
        let lines = run.stdout.split(separator: "\n")
        let plan = try #require(lines.dropFirst().first)
        let count = try #require(Int(plan.dropFirst(3)))
        #expect(lines.first == "TAP version 14")
        #expect(plan.hasPrefix("1.."))
        #expect(lines.count { $0.hasPrefix("ok ") } == count)
    }

    @Test func junitIsWellFormedXMLWithACaseEach() throws {
        let run = try ProgramRun.of("headless", ["run", Self.scenarios, "--format", "junit"])
        let document = try XMLDocument(xmlString: run.stdout)
        let cases = try document.nodes(forXPath: "//testcase")
        let suite = try #require(try document.nodes(forXPath: "/testsuites").first as? XMLElement)
        #expect(cases.count == Int(suite.attribute(forName: "tests")?.stringValue ?? ""))
        #expect(suite.attribute(forName: "failures")?.stringValue == "0")
    }

    @Test func aWrongExpectationExitsOneAndShowsTheDiff() throws {
        let file = folder.appendingPathComponent("wrong.scenario")
        try Data(
            """
            scenario: wrong
            seed: 1
            now: 2026-11-22T12:00:00.000Z
            send {"coin": {"flip": {"count": 3}}}
            expect {"coin": {"flipped": {"toss": {"at": "2026-11-22T12:00:00.000Z", "flips": "HHH"}}}}
            """.utf8
        ).write(to: file)
        let run = try ProgramRun.of("headless", ["run", file.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("wrong.scenario:5"))
        #expect(run.stdout.contains("-         \"flips\": \"HHH\""))
        #expect(run.stdout.contains("+         \"flips\": \"TTT\""))
    }

    @Test func aMalformedFileExitsTwoAndNamesTheLine() throws {
        let file = folder.appendingPathComponent("broken.scenario")
        try Data("scenario: broken\nsend {\"coin\": {\"flip\": 3}}\n".utf8).write(to: file)
        let run = try ProgramRun.of("headless", ["run", file.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("broken.scenario:2:"))
    }

    @Test func nothingMatchedExitsThree() throws {
        let run = try ProgramRun.of("headless", ["run", Self.scenarios, "--filter", "no scenario is named so"])
        #expect(run.status == 3)
    }

    @Test func aShardRunsItsPartOfTheSuite() throws {
        let all = try ProgramRun.of("headless", ["run", Self.scenarios, "--format", "tap"]).stdout
        let parts = try (1...3).map { shard in
            try ProgramRun.of("headless", ["run", Self.scenarios, "--format", "tap", "--shard", "\(shard)/3"]).stdout
        }
        let count = { (text: String) in text.split(separator: "\n").count { $0.hasPrefix("ok ") } }
        #expect(parts.map(count).reduce(0, +) == count(all))
    }

    @Test func aRecordedRunReplaysAndAnEditedFlipFails() throws {
        let file = folder.appendingPathComponent("session.scenario")
        let flip = try ProgramRun.of("coin", ["flip", "-n", "3", "--record", file.path, "--store", "memory"])
        #expect(flip.status == 0)
        let replay = try ProgramRun.of("headless", ["replay", file.path])
        #expect(replay.status == 0, "\(replay.stdout)")

        var recorded = try String(contentsOf: file, encoding: .utf8)
        let range = try #require(recorded.range(of: #""flips":""#))
        let letter = recorded[range.upperBound]
        recorded.replaceSubrange(range.upperBound...range.upperBound, with: letter == "H" ? "T" : "H")
        try Data(recorded.utf8).write(to: file)
        let edited = try ProgramRun.of("headless", ["replay", file.path])
        #expect(edited.status == 1)
        #expect(edited.stdout.contains("differs"))
    }

    @Test func recordingFollowsTheEnvironmentToo() throws {
        let file = folder.appendingPathComponent("dice.scenario")
        _ = try ProgramRun.of("dice", ["2d6", "--store", "memory"], environment: ["APPCORE_RECORD": file.path])
        _ = try ProgramRun.of("dice", ["4d6kh3", "--store", "memory"], environment: ["APPCORE_RECORD": file.path])
        let replay = try ProgramRun.of("headless", ["replay", file.path, "--format", "tap"])
        #expect(replay.status == 0, "\(replay.stdout)")
        #expect(replay.stdout.contains("1..2"))
    }

    @Test func commandsPrintsEveryFeaturesSamplesAsScenariosThatPassOnEveryStore() throws {
        let printed = try ProgramRun.of("headless", ["commands"])
        #expect(printed.status == 0)
        let names = printed.stdout.split(separator: "\n").filter { $0.hasPrefix("scenario: ") }
        // Every feature registered, the first five as the core has always had them, any other after.
        #expect(names.starts(with: ["coin", "eightBall", "dice", "todo", "deck"].map { "scenario: \($0) samples" }))
        #expect(Set(names).count == names.count)
        #expect(printed.stdout.contains(#"send {"todo":{"add":{"draft":"#))
        let file = folder.appendingPathComponent("samples.scenario")
        try Data(printed.stdout.utf8).write(to: file)
        let run = try ProgramRun.of("headless", ["run", file.path, "--store", "all"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("\(names.count) passed, 0 failed\n"))
    }

    @Test func commandsOfTheFeaturesNamedAreTheirsAlone() throws {
        let run = try ProgramRun.of("headless", ["commands", "dice", "coin"])
        let names = run.stdout.split(separator: "\n").filter { $0.hasPrefix("scenario: ") }
        #expect(names == ["scenario: coin samples", "scenario: dice samples"])
        #expect(!run.stdout.contains(#"{"todo":"#))
    }

    @Test func commandsOfAFeatureThatIsNotOneExits64AndNamesTheFeatures() throws {
        let run = try ProgramRun.of("headless", ["commands", "coin", "tarot"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix(
                "Error: there is no feature \"tarot\"; the features are coin, eightBall, dice, todo, deck"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
