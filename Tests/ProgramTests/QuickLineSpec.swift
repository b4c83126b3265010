import ArgumentParser
import ProgramKit
import Testing

@testable import coin
@testable import dice
@testable import todo

/// The lines each program reads without swift-argument-parser (`QuickLine`) are read into the
/// very command the parser makes of them, and every other line is left to the parser.
@Suite("Quick lines, read as the parser reads them")
struct QuickLineSpec {
    /// A command as text that shows every option's value: the parser's reading, and the quick one
    /// (nil where the program leaves the line to the parser).
    private static func readings(
        _ arguments: [String], of program: (some ParsableCommand).Type,
        quickly: (QuickLine) -> (any ParsableCommand)?
    ) throws -> (parsed: String, quick: String?) {
        let parsed = String(reflecting: try program.parseAsRoot(arguments))
        return (parsed, QuickLine(arguments).flatMap(quickly).map { String(reflecting: $0) })
    }

    @Test(arguments: [
        [], ["flip"], ["flip", "--store", "disk"], ["flip", "--data", "/tmp/coins.sqlite", "--store", "sqlite"],
    ])
    func coinReadsTheseAsTheParserDoes(_ arguments: [String]) throws {
        let (parsed, quick) = try Self.readings(arguments, of: CoinProgram.self, quickly: CoinProgram.quickly)
        #expect(quick == parsed)
    }

    @Test(arguments: [
        ["4d6kh3"], ["roll", "4d6kh3"], ["2d6", "+", "3"], ["d%", "--store", "memory"],
        ["3d6!", "--data", "/tmp/dice.store", "--store", "disk"],
    ])
    func diceReadsTheseAsTheParserDoes(_ arguments: [String]) throws {
        let (parsed, quick) = try Self.readings(arguments, of: DiceProgram.self, quickly: DiceProgram.quickly)
        #expect(quick == parsed)
    }

    @Test(arguments: [
        ["list"], ["list", "--store", "disk", "--data", "todo.store"], ["add", "buy milk"], ["add", "buy", "milk"],
        ["add", "", "--data", "todo.sqlite"], ["add", "list"], ["add", "buy", "milk", "+errands", "@store", "due:fri"],
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
        ["until", "HT"], ["history"], ["help"], ["flip", "help"], ["--help"], ["flip", "-h"], ["--version"],
        ["--generate-completion-script", "bash"],
    ])
    func coinLeavesTheseToTheParser(_ arguments: [String]) {
        #expect(QuickLine(arguments).flatMap(CoinProgram.quickly) == nil)
    }

    @Test(arguments: [
        [], ["roll"], ["history"], ["deck", "draw"], ["2d6", "history"], ["-1d6"], ["--", "-1d6"], ["4d6kh3", "-v"],
        ["4d6kh3", "--times", "3"], ["--stats", "3d6"], ["help"], ["4d6kh3", "--data", "--store"],
    ])
    func diceLeavesTheseToTheParser(_ arguments: [String]) {
        #expect(QuickLine(arguments).flatMap(DiceProgram.quickly) == nil)
    }

    @Test(arguments: [
        [], ["list", "--all"], ["list", "extra"], ["add"], ["add", "milk", "--tag", "shop"], ["add", "-x"],
        ["show", "243f"], ["done", "243f"], ["help", "add"], ["add", "help"],
    ])
    func todoLeavesTheseToTheParser(_ arguments: [String]) {
        #expect(QuickLine(arguments).flatMap(TodoProgram.quickly) == nil)
    }
}
