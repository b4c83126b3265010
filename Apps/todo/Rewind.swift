import AppCore
import ArgumentParser
import ProgramKit

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the last command, whole: a command that touched several to-dos goes back as one.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let answer = try Session.forTodos(common).send(.undo, to: TodoFeature.self)
            guard case .undid(let label) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { try printJSON(["undid": label]) } else { print("Undid: \(TerminalText.escaped(label))") }
        }
    }
}

struct Redo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo", abstract: "Do again the last command taken back.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let answer = try Session.forTodos(common).send(.redo, to: TodoFeature.self)
            guard case .redid(let label) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { try printJSON(["redid": label]) } else { print("Redid: \(TerminalText.escaped(label))") }
        }
    }
}
