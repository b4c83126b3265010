import AppCore
import ArgumentParser
import ProgramKit

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark to-dos done, with the time; several at once are undone as one.",
        discussion: "Example:\n  todo done 3f2a 9c1b")

    @Argument(help: "The to-dos' ids, or the start of them.")
    var ids: [String]

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            guard case .changed(let items, let abbreviation) = try session.todo(.complete(references: ids)) else {
                return
            }
            try show(items, abbreviation: abbreviation, verb: "Done", json: common.json)
        }
    }
}

struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen",
        abstract: "Open done to-dos again.", discussion: "Example:\n  todo reopen 3f2a")

    @Argument(help: "The to-dos' ids, or the start of them.")
    var ids: [String]

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            guard case .changed(let items, let abbreviation) = try session.todo(.reopen(references: ids)) else {
                return
            }
            try show(items, abbreviation: abbreviation, verb: "Reopened", json: common.json)
        }
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete to-dos; `todo undo` brings them back.", discussion: "Example:\n  todo delete 3f2a")

    @Argument(help: "The to-dos' ids, or the start of them.")
    var ids: [String]

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            guard case .deleted(let items, let abbreviation) = try session.todo(.delete(references: ids)) else {
                return
            }
            try show(items, abbreviation: abbreviation, verb: "Deleted", json: common.json)
        }
    }
}

/// Sends a command that names to-dos by id, and shows the items it answers with.
private func changeItems(_ command: TodoCommand, verb: String, _ common: CommonOptions) throws {
    try reportingFailures {
        switch try Session.forTodos(common).todo(command) {
        case .changed(let items, let abbreviation), .deleted(let items, let abbreviation):
            try show(items, abbreviation: abbreviation, verb: verb, json: common.json)
        default:
            return
        }
    }
}
