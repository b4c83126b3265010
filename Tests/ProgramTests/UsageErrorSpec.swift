import Foundation
import Testing

/// What a person mistypes on the command line is said as every other error is: one line, with
/// the command whose help explains it, and exit 64.
@Suite("usage errors, in every program")
struct UsageErrorSpec {
    @Test(
        .slow,
        arguments: [
            ("dice", ["deck", "draw", "five"], "dice deck draw"),
            ("dice", ["--times"], "dice roll"),
            ("todo", ["add", "--bogus", "x"], "todo add"),
            ("todo", ["edit"], "todo edit"),
            ("coin", ["flip", "-n", "x"], "coin flip"),
            ("headless", ["run", "--nope"], "headless run"),
            ("coin", ["histry"], "coin"),
        ])
    func aMistypedCommandIsOneLineNamingItsHelp(_ program: String, _ arguments: [String], _ command: String) throws {
        let run = try ProgramRun.of(program, arguments + ["--store", "memory"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.hasSuffix("(see '\(command) --help')\n"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        ("coin", ["flp"], "flip"), ("coin", ["histry"], "history"), ("dice", ["deck", "drw"], "draw"),
        ("headless", ["rn"], "run"), ("todo", ["lst"], "list"), ("todo", ["ad", "milk"], "add"),
    ])
    func aMistypedSubcommandIsAnsweredWithTheOneItMostLikelyMeant(
        _ program: String, _ arguments: [String], _ meant: String
    ) throws {
        let run = try ProgramRun.of(program, arguments, environment: ["APPCORE_STORE": "memory"])

        #expect(run.status == 64)
        #expect(run.stderr.contains("; did you mean '\(meant)'? (see '"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [("todo", ["zzzzzz"]), ("dice", ["deck", "x"]), ("coin", ["flip", "--store", "memory", "xyz"])])
    func aWordLikeNoSubcommandGetsNoGuess(_ program: String, _ arguments: [String]) throws {
        let run = try ProgramRun.of(program, arguments, environment: ["APPCORE_STORE": "memory"])

        #expect(run.status == 64)
        #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
    }

    @Test(arguments: ["dice", "todo", "coin", "headless", "web"])
    func helpStillPrintsWholeAndExitsZero(_ program: String) throws {
        let run = try ProgramRun.of(program, ["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW: "))
        #expect(run.stdout.contains("USAGE: \(program)"))
        #expect(run.stderr.isEmpty)
    }
}
