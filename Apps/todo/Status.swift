import AppCore
import ArgumentParser
import ProgramKit

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark to-dos done, with the time; several at once are undone as one.",
        discussion: "Example:\n  todo done 3f2a 9c1b")

    @OptionGroup var named: NamedTodos

    func run() throws { try named.send(.complete(references: named.ids), saying: "Done", orIfSo: "Already done") }
}

struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen",
        abstract: "Open done to-dos again.", discussion: "Example:\n  todo reopen 3f2a")

    @OptionGroup var named: NamedTodos

    func run() throws { try named.send(.reopen(references: named.ids), saying: "Reopened", orIfSo: "Already open") }
}

struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start work on to-dos, now: `todo list` marks them [>] until they are stopped or done.",
        discussion: "Example:\n  todo start 3f2a")

    @OptionGroup var named: NamedTodos

    func run() throws { try named.send(.start(references: named.ids), saying: "Started") }
}

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop work on to-dos, adding the time since they were started to the time spent.",
        discussion: "Example:\n  todo stop 3f2a")

    @OptionGroup var named: NamedTodos

    func run() throws { try named.send(.stop(references: named.ids), saying: "Stopped") }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete to-dos; `todo undo` brings them back.", discussion: "Example:\n  todo delete 3f2a")

    @OptionGroup var named: NamedTodos

    func run() throws { try named.send(.delete(references: named.ids), saying: "Deleted") }
}

/// The to-dos a command names, by id, and the options every command takes.
struct NamedTodos: ParsableArguments {
    @Argument(help: "The to-dos' ids, or the start of them.")
    var ids: [String]

    @OptionGroup var common: CommonOptions

    /// Sends a command that names to-dos, and shows the to-dos it answers with, after `verb`, or
    /// after `already` where each was so already and nothing changed.
    func send(_ command: TodoCommand, saying verb: String, orIfSo already: String = "Unchanged") throws {
        try reportingFailures {
            switch try Session.forTodos(common).send(command, to: TodoFeature.self) {
            case .changed(let items, let abbreviation), .deleted(let items, let abbreviation):
                try show(items, abbreviation: abbreviation, verb: verb, json: common.json)
            case .unchanged(let items, let abbreviation):
                try show(items, abbreviation: abbreviation, verb: already, json: common.json)
            default:
                return
            }
        }
    }
}
