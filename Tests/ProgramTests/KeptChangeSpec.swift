import Foundation
import Testing

/// A change the store kept whose answer cannot be written (`todo add x > /dev/full`): the program
/// exits 74 and says, in one line, that the change was kept and what it was, so that no one makes
/// it again; a command that changed nothing says only that standard output could not be written.
@Suite("a kept change whose answer cannot be written")
struct KeptChangeSpec {
    static let devFull = URL(fileURLWithPath: "/dev/full")
    static let kept = "Error: cannot write to standard output: No space left on device, but the change was kept"

    @Test func anAddSaysItWasKeptWithItsIdAndTitle() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try ProgramRun.of("todo", ["add", "buy milk"], environment: place.environment, output: Self.devFull)
        #expect(run.status == 74)
        let todos = try place.list()
        #expect(todos.map { $0["title"] as? String } == ["buy milk"])
        let id = try #require(todos.first?["id"] as? String)
        #expect(run.stderr.hasPrefix(Self.kept))
        #expect(run.stderr.contains("Added \(id.prefix(4))"))
        #expect(run.stderr.hasSuffix(" buy milk\n"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aDrawSaysItWasKeptWithTheCardsDrawn() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try ProgramRun.of(
            "dice", ["deck", "draw", "5"], environment: place.environment, output: Self.devFull)
        #expect(run.status == 74)
        let shown = try ProgramRun.of("dice", ["deck", "show"], environment: place.environment)
        let line = try #require(shown.stdout.split(separator: "\n").last)
        #expect(line.hasPrefix("Drawn (5): "))
        let drawn = line.dropFirst("Drawn (5): ".count)
        #expect(run.stderr == "\(Self.kept) (do not make it again): \(drawn) / 47 left\n")
    }

    @Test func aFlipSaysItWasKeptWithItsResult() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try ProgramRun.of(
            "coin", ["flip", "-n", "3", "--seed", "1"], environment: place.environment, output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr == "\(Self.kept) (do not make it again): tails tails tails / 0 heads, 3 tails\n")
        let history = try ProgramRun.of("coin", ["history", "--json"], environment: place.environment).json()
        let entries = try #require(history["entries"] as? [[String: Any]])
        #expect(entries.map { $0["flips"] as? [String] } == [["tails", "tails", "tails"]])
    }

    @Test func aReadThatChangedNothingSaysOnlyThatItCouldNotWrite() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "buy milk")
        let run = try ProgramRun.of("todo", ["list"], environment: place.environment, output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    /// A long answer is cut short, on the one line.
    @Test func aLongLostAnswerIsCutShort() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let title = String(repeating: "long ", count: 100)
        let run = try ProgramRun.of(
            "todo", ["add", title, "--json"], environment: place.environment, output: Self.devFull)
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix(Self.kept))
        #expect(run.stderr.contains(#"{"annotations":[],"completed":false"#))
        #expect(run.stderr.hasSuffix("…\n"))
        #expect(run.stderr.count < 400)
        #expect(try place.list().count == 1)
    }
}
