import Foundation
import FoundationXML
import Testing

/// What `headless` reports quotes from scenario files, their names and the scenarios' own names,
/// is data in every format: escaped on a terminal, never obeyed; valid JSON and valid XML whatever
/// it holds; one TAP line a test point.
@Suite("headless reports text as data")
struct HeadlessTextAsDataSpec {
    /// A title sequence, a screen clear, quotes, what XML must escape, a reference to a character
    /// XML cannot hold, C1's CSI, a bidi override and a noncharacter: everything but a line break,
    /// which a scenario's name cannot hold and its file's name can.
    static let hostile = "\u{1B}]0;title\u{07}\u{1B}[2J \"q\" 'q' <b> & ]]> &#x0; \u{9B}31m \u{202E}x \u{FFFE}"

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appcore-headless-\(UUID().uuidString)")
    let file: URL

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("\(Self.hostile)\nline.scenario")
        // One scenario that fails, so that each format says a problem and a diff, and one that passes.
        try Data(
            """
            scenario: \(Self.hostile)
            seed: 1
            now: 2026-11-22T12:00:00.000Z
            send {"coin": {"flip": {"count": 3}}}
            expect {"coin": {"flipped": {"toss": {"at": "2026-11-22T12:00:00.000Z", "flips": "HHH"}}}}

            scenario: passes \(Self.hostile)
            send {"coin": {"showHistory": {}}}
            expect {"coin": {"history": {"tosses": []}}}

            """.utf8
        ).write(to: file)
    }

    func report(_ format: String) throws -> ProgramRun {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.of("headless", ["run", folder.path, "--format", format])
        #expect(run.status == 1)
        #expect(!run.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(!run.stdout.unicodeScalars.contains { ["\u{202E}", "\u{FFFE}"].contains($0) })
        return run
    }

    @Test func textShowsEveryNameEscapedOnItsOwnLine() throws {
        let run = try report("text")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count { $0.hasPrefix("FAIL ") } == 1)
        #expect(lines.count { $0.hasPrefix("ok   passes ") } == 1)
        #expect(
            lines.allSatisfy {
                $0.hasPrefix("FAIL ") || $0.hasPrefix("ok   ") || $0.hasPrefix("     ") || $0 == "1 passed, 1 failed"
                    || $0.isEmpty
            })
        #expect(run.stdout.contains(#"\e]0;title\u0007\e[2J "q" 'q' <b> & ]]> &#x0; \u009B31m \u202Ex \uFFFE"#))
        #expect(run.stdout.contains(#"\uFFFE\nline.scenario"#))
    }

    @Test func tapHasOneLineATestPointAndYAMLThatReadsBack() throws {
        let run = try report("tap")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "TAP version 14")
        #expect(lines.dropFirst().first == "1..2")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == 2)
        #expect(points.first?.hasPrefix(#"not ok 1 - \\e]0;title\\u0007\\e[2J "q""#) == true)
        #expect(
            lines.allSatisfy {
                $0.hasPrefix("TAP ") || $0.hasPrefix("1..") || $0.hasPrefix("ok ") || $0.hasPrefix("not ok ")
                    || $0.hasPrefix("  ") || $0.hasPrefix("# ")
            })
        let file = try #require(lines.first { $0.hasPrefix("  file: ") })
        #expect(file.contains(#"\e]0;title\u0007\e[2J \"q\" 'q'"#))
    }

    @Test func jsonParsesAndHoldsEveryNameAsItIs() throws {
        let run = try report("json")
        let report = try run.json()
        let scenarios = try #require(report["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["name"] as? String } == [Self.hostile, "passes \(Self.hostile)"])
        #expect(scenarios.first?["file"] as? String == file.path)
    }

    @Test func junitParsesAsXMLWithEveryNameEscaped() throws {
        let run = try report("junit")
        // The parser reads past a character XML 1.0 cannot hold: check each, as XML's `Char` says.
        #expect(
            run.stdout.unicodeScalars.allSatisfy {
                [0x9, 0xA, 0xD].contains($0.value) || (0x20...0xD7FF).contains($0.value)
                    || (0xE000...0xFFFD).contains($0.value) || $0.value >= 0x10000
            })
        let document = try XMLDocument(xmlString: run.stdout)
        let names = try document.nodes(forXPath: "//testcase").compactMap {
            ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue
        }
        #expect(
            names == [
                #"\e]0;title\u0007\e[2J "q" 'q' <b> & ]]> &#x0; \u009B31m \u202Ex \uFFFE"#,
                #"passes \e]0;title\u0007\e[2J "q" 'q' <b> & ]]> &#x0; \u009B31m \u202Ex \uFFFE"#,
            ])
        #expect(try document.nodes(forXPath: "//failure").count == 1)
    }
}
