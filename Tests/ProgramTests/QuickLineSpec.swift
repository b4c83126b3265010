import ArgumentParser
import Fractal
import ProgramKit
import Testing

@testable import coin
@testable import dice
@testable import todo

/// The lines each program reads without swift-argument-parser (`QuickLine`) are read into the
/// very command the parser makes of them, or into the plain request that command runs, and every
/// other line is left to the parser.
@Suite("Quick lines, read as the parser reads them")
struct QuickLineSpec {
    /// A command as text that shows every option's value: the parser's reading, and the quick one
    /// (nil where the program leaves the line to the parser).
    private static func readings(
        _ arguments: [String], of program: (some ParsableCommand).Type, flags: [String] = [],
        options: [String] = [], quickly: (QuickLine) -> (any QuickCommand)?
    ) throws -> (parsed: String, quick: String?) {
        let parsed = shown(try program.parseAsRoot(arguments))
        let line = QuickLine(arguments, flags: flags, options: options)
        return (parsed, line.flatMap(quickly).map(shown))
    }

    /// What a command runs, as text: the plain request of a command that runs one (`coin flip`,
    /// `dice 4d6kh3`), else the command itself.
    private static func shown(_ command: Any) -> String {
        switch command {
        case let flip as Flip: String(reflecting: flip.request)
        case let roll as Roll: String(reflecting: roll.request)
        default: String(reflecting: command)
        }
    }

    @Test(arguments: [
        [], ["flip"], ["flip", "--store", "disk"], ["flip", "--data", "/tmp/coins.sqlite", "--store", "sqlite"],
        ["history"], ["history", "--store", "memory"], ["history", "--data", "/tmp/coins.sqlite"],
    ])
    func coinReadsTheseAsTheParserDoes(_ arguments: [String]) throws {
        let (parsed, quick) = try Self.readings(arguments, of: CoinProgram.self, quickly: CoinProgram.quickly)
        #expect(quick == parsed)
    }

    @Test(arguments: [
        ["4d6kh3"], ["roll", "4d6kh3"], ["2d6", "+", "3"], ["d%", "--store", "memory"],
        ["3d6!", "--data", "/tmp/dice.store", "--store", "disk"], ["--stats", "3d6"], ["3d6", "--stats"],
        ["--stats", "4d6kh3", "--plot"], ["--stats", "2d6", "[fire]", "+", "1d6", "[cold]", "--store", "memory"],
        ["3d6", "--times", "1000", "--summary"], ["--times", "5", "1d20"],
        ["3d6", "--times", "10", "--plot", "--summary"],
        ["1d20", "2d6", "--times", "1000", "--summary"], ["3d6", "--stats", "--times", "3"],
        ["history"], ["history", "--data", "/tmp/dice.store", "--store", "disk"],
    ])
    func diceReadsTheseAsTheParserDoes(_ arguments: [String]) throws {
        let (parsed, quick) = try Self.readings(
            arguments, of: DiceProgram.self, flags: DiceProgram.quickFlags, options: DiceProgram.quickOptions,
            quickly: DiceProgram.quickly)
        #expect(quick == parsed)
    }

    @Test(
        .slow,
        arguments: [
            ["list"], ["list", "--store", "disk", "--data", "todo.store"], ["add", "buy milk"], ["add", "buy", "milk"],
            ["add", "", "--data", "todo.sqlite"], ["add", "list"],
            ["add", "buy", "milk", "+errands", "@store", "due:fri"],
            ["ls"], ["show", "243f"], ["show", "243f", "--store", "disk"], ["done", "243f"], ["done", "243f", "9c1b"],
            ["done", "+errands", "project:home"], ["reopen", "243f"], ["start", "243f"], ["stop", "243f"],
            ["delete", "243f"], ["rm", "243f", "--data", "todo.sqlite"], ["edit", "243f", "+shop", "due:fri"],
            ["modify", "243f", "buy", "oat", "milk"], ["edit", "+errands project:home", "pri:H"],
        ])
    func todoReadsTheseAsTheParserDoes(_ arguments: [String]) throws {
        let (parsed, quick) = try Self.readings(arguments, of: TodoProgram.self, quickly: TodoProgram.quickly)
        #expect(quick == parsed)
    }

    /// Lines with anything more are the parser's, which knows every option, help and mistake.
    @Test(arguments: [
        ["flip", "-n", "3"], ["flip", "--json"], ["flip", "--store", "bogus"], ["flip", "--store"],
        ["flip", "--store", "disk", "--store", "memory"], ["flip", "--store=disk"],
        ["flip", "--store", "disk", "flip"],
        ["until", "HT"], ["history", "--json"], ["history", "--clear"], ["history", "-v"], ["help"], ["flip", "help"],
        ["--help"], ["flip", "-h"], ["--version"],
        ["--generate-completion-script", "bash"],
    ])
    func coinLeavesTheseToTheParser(_ arguments: [String]) {
        #expect(QuickLine(arguments).flatMap(CoinProgram.quickly) == nil)
    }

    /// The quick reading looks a word up among the command names only where it is made of letters
    /// alone, so every name must be: a name with a digit would be read as part of an expression.
    @Test func everyDiceCommandIsNamedWithLettersAlone() {
        #expect(DiceProgram.commandNames.contains("history"))
        #expect(DiceProgram.commandNames.allSatisfy { $0.allSatisfy(\.isLetter) })
    }

    @Test(arguments: [
        [], ["roll"], ["history", "--stats"], ["history", "--times", "3"], ["history", "--watch"], ["deck", "draw"],
        ["2d6", "history"], ["-1d6"], ["--", "-1d6"], ["4d6kh3", "-v"],
        ["help"], ["4d6kh3", "--data", "--store"], ["--stats", "roll", "3d6"], ["--times", "2", "roll", "1d6"],
        ["3d6", "--times", "many"], ["3d6", "--times", "-3"],
        ["3d6", "--times=3"], ["3d6", "--stats", "--stats"], ["--stats", "--seed", "3", "3d6"],
        ["3d6", "--crit", "19"],
        ["--store", "memory", "3d6"], ["--stats", "help"], ["3d6", "--summary", "--json"],
    ])
    func diceLeavesTheseToTheParser(_ arguments: [String]) {
        let line = QuickLine(arguments, flags: DiceProgram.quickFlags, options: DiceProgram.quickOptions)
        #expect(line.flatMap(DiceProgram.quickly) == nil)
    }

    @Test(arguments: [
        [], ["list", "--all"], ["list", "extra"], ["add"], ["add", "milk", "--tag", "shop"], ["add", "-x"],
        ["show"], ["show", "243f", "9c1b"], ["done"], ["rm"], ["edit", "243f"], ["done", "243f", "--yes"],
        ["edit", "243f", "-errands"], ["edit", "243f", "--title", "x"], ["delete", "243f", "--json"],
        ["help", "add"], ["add", "help"], ["done", "help"],
    ])
    func todoLeavesTheseToTheParser(_ arguments: [String]) {
        #expect(QuickLine(arguments).flatMap(TodoProgram.quickly) == nil)
    }

    /// Lines drawn at random from each program's words, options and slips, three hundred a program:
    /// wherever the quick reading takes one, it is the very command the parser makes of it, or the
    /// parser refuses it as the quick command's own check does.
    @Test(
        .slow,
        arguments: [
            (
                "coin",
                [
                    "flip", "until", "history", "help", "HT", "--store", "disk", "memory", "--data", "f.sqlite", "-n",
                    "3",
                ]
            ),
            (
                "dice",
                [
                    "4d6kh3", "3d6", "roll", "-1d6", "history", "deck", "help", "--", "--stats", "--plot", "--times",
                    "10",
                    "0", "--summary", "--store", "memory", "--data", "d.store", "--seed", "3", "--json",
                ]
            ),
            (
                "todo",
                [
                    "list", "ls", "add", "show", "edit", "modify", "done", "reopen", "start", "stop", "delete", "rm",
                    "243f",
                    "+shop", "-shop", "due:fri", "buy", "milk", "help", "--store", "disk", "--data", "t.sqlite",
                    "--yes",
                    "--json", "--title", "--", "project:home",
                ]
            ),
        ])
    func randomLinesTheQuickReadingTakesAreReadAsTheParserReadsThem(_ program: String, _ words: [String]) throws {
        var random = SplitMix64(seed: 2026)
        var taken = 0
        for _ in 0..<300 {
            let line = (0..<Int.random(in: 0...5, using: &random)).map { _ in words.randomElement(using: &random)! }
            let quick: (any QuickCommand)?
            let parsed: Result<any ParsableCommand, any Error>
            switch program {
            case "coin":
                quick = QuickLine(line).flatMap(CoinProgram.quickly)
                parsed = Result { try CoinProgram.parseAsRoot(line) }
            case "dice":
                quick = QuickLine(line, flags: DiceProgram.quickFlags, options: DiceProgram.quickOptions)
                    .flatMap(DiceProgram.quickly)
                parsed = Result { try DiceProgram.parseAsRoot(line) }
            default:
                quick = QuickLine(line).flatMap(TodoProgram.quickly)
                parsed = Result { try TodoProgram.parseAsRoot(line) }
            }
            guard var quick else { continue }
            taken += 1
            switch parsed {
            case .success(let command):
                #expect(Self.shown(quick) == Self.shown(command), "\(program) \(line)")
            case .failure:
                // The parser checks a command as it reads it; the quick reading checks it before
                // it runs (`main(readingQuickly:)`), and must refuse it too.
                #expect(throws: (any Error).self, "\(program) \(line)") { try quick.validate() }
            }
        }
        #expect(taken > 15, "the drawn lines reach the quick reading of \(program)")
    }
}
