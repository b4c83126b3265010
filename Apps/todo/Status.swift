import AppCore
import ArgumentParser
import ProgramKit

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark to-dos done, with the time; several at once are undone as one.",
        discussion: """
            \(NamedTodos.explanation)
            A recurring to-do (recur:weekly) marked done makes the next one, due a period after its \
            due day (not after today), and says its id and due day on a line of its own (Next …); \
            none past the to-do's until (a line says it recurs no more). `todo undo` takes back both. A to-do that waits on others \
            still open (depends:) is done all the same, and a line names them. With --json, an \
            array of the to-dos marked done, then the next ones made.

            Examples:
              todo done 3f2a 9c1b
              todo done +errands project:home --yes
            """)

    @OptionGroup var named: NamedTodos

    func run() throws {
        try named.send(
            "done", among: .open, doing: "mark them all done", { .complete(references: $0) }, saying: "Done",
            orIfSo: "Already done")
    }
}

struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen",
        abstract: "Open done to-dos again.",
        discussion: "\(NamedTodos.explanation)\nExamples:\n  todo reopen 3f2a\n  todo reopen +errands due:today")

    @OptionGroup var named: NamedTodos

    func run() throws {
        try named.send(
            "reopen", among: .done, doing: "reopen them all", { .reopen(references: $0) }, saying: "Reopened",
            orIfSo: "Already open")
    }
}

struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start work on to-dos, now: `todo list` marks them [>] until they are stopped or done.",
        discussion: "\(NamedTodos.explanation)\nExample:\n  todo start 3f2a")

    @OptionGroup var named: NamedTodos

    func run() throws {
        try named.send("start", among: .open, doing: "start them all", { .start(references: $0) }, saying: "Started")
    }
}

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop work on to-dos, adding the time since they were started to the time spent.",
        discussion: "\(NamedTodos.explanation)\nExample:\n  todo stop 3f2a")

    @OptionGroup var named: NamedTodos

    func run() throws {
        try named.send("stop", among: .open, doing: "stop them all", { .stop(references: $0) }, saying: "Stopped")
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete to-dos; `todo undo` brings them back.",
        discussion: """
            \(NamedTodos.explanation)
            Examples:
              todo delete 3f2a
              todo rm +someday status:waiting --yes
            """,
        aliases: ["rm"])

    @OptionGroup var named: NamedTodos

    func run() throws {
        try named.send("delete", among: .open, doing: "delete them all", { .delete(references: $0) }, saying: "Deleted")
    }
}

/// A command that names to-dos and does one thing to each: done, reopen, start, stop, delete.
protocol NamingTodos: ParsableCommand, QuickCommand {
    init()
    var named: NamedTodos { get set }
}

extension NamingTodos {
    /// The command naming `words` (ids or a filter) and no option but `--store` and `--data`, as
    /// the parser reads `todo done 3f2a`.
    static func naming(_ words: [String], from line: QuickLine) -> Self {
        var named = NamedTodos()
        named.words = words
        named.yes = false
        named.common = line.common
        var command = Self()
        command.named = named
        return command
    }
}

extension Done: NamingTodos {}
extension Reopen: NamingTodos {}
extension Start: NamingTodos {}
extension Stop: NamingTodos {}
extension Delete: NamingTodos {}

/// The to-dos a command names, by ids or by a filter, and the options every command takes.
struct NamedTodos: ParsableArguments {
    static let explanation = """
        Name the to-dos by their ids (or the start of them), or pick them with a filter, as `todo \
        list` takes it: +tag, -tag, @context, project:NAME, due:DATE, due.before:DATE, status:done, \
        /pattern/, `or` and parentheses (see 'todo list --help'). A filter works on what `todo list` \
        with the same words shows; picking more than \(PickedTodos.fewest), it asks first on a \
        terminal and needs --yes elsewhere. The whole command is undone as one.
        """

    @Argument(
        parsing: .allUnrecognized, help: "The to-dos' ids, or the start of them, or a filter (+tag, project:, …).")
    var words: [String] = []

    @Flag(help: "Change every to-do the filter picks without asking, however many.")
    var yes = false

    @OptionGroup var common: CommonOptions

    /// Sends the command that `make` makes of the references picked, and shows the to-dos it
    /// answers with, after `verb`, or after `already` where each was so already and nothing changed.
    func send(
        _ command: String, among status: TodoQuery.Status, doing action: String,
        _ make: ([String]) -> TodoCommand, saying verb: String, orIfSo already: String = "Unchanged"
    ) throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            guard
                let references = try PickedTodos(words: words, yes: yes).references(
                    in: session, command: command, among: status, doing: action)
            else { return print("Nothing changed.") }
            let answer = try session.send(make(references), to: TodoFeature.self)
            switch answer {
            case .changed(let items, let abbreviation), .deleted(let items, let abbreviation):
                try show(items, abbreviation: abbreviation, verb: verb, json: common.json, in: session)
            case .completed(let items, let abbreviation, let report):
                try showDone(items, report, abbreviation: abbreviation, verb: verb, in: session)
            case .unchanged(let items, let abbreviation):
                try show(items, abbreviation: abbreviation, verb: already, json: common.json, in: session)
            default:
                throw ProgramFailure.unexpected(answer)
            }
        }
    }

    /// The to-dos marked done, then the next ones recurring ones made; with --json, all of them in
    /// one array, in that order.
    private func showDone(
        _ items: [TodoItem], _ report: DoneReport, abbreviation: Int, verb: String, in session: Session
    ) throws {
        let next = report.next.map(\.item)
        guard !common.json else { return try show(items + next, abbreviation: abbreviation, json: true, in: session) }
        try show(items, abbreviation: abbreviation, verb: verb, json: false, in: session)
        for link in report.blocked {
            let others = link.others.map { TodoText.shown($0, abbreviation) }.joined(separator: ", ")
            print("\(TodoText.shown(link.id, abbreviation)) waits on \(others), still open: done all the same")
        }
        try show(next, abbreviation: abbreviation, verb: "Next", json: false, in: session)
        for id in report.ended {
            print("\(TodoText.shown(id, abbreviation)) recurs no more: the next would be due past its until")
        }
    }
}
