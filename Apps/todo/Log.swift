import AppCore
import ArgumentParser
import ProgramKit

/// Taskwarrior's `log`: a to-do recorded as done already, with its attributes, in one command, so
/// that undo takes it back whole.
struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Record a to-do done already, and print its id.",
        discussion: """
            The words are those of todo add: the title, and attributes as Taskwarrior and \
            todo.txt users type them (+tag, @context, project:, due:, pri:, …). The to-do is \
            added done, at this moment (--now pins it), as Taskwarrior's task log does; one \
            command, which undo takes back whole. A recurrence is refused, as Taskwarrior \
            refuses it: a to-do done already makes no next one.

            Examples:
              todo log paid the rent project:home
              todo log "called Bob" +calls
            """
    )

    @Argument(
        parsing: .allUnrecognized,
        help: "What was done, and its attributes (+tag, @context, project:, …); words are joined by spaces.")
    var title: [String] = []

    @OptionGroup var item: ItemOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let asked = try Add.draft(title, item, in: session)
            let recurs = { (change: TodoItem.Change) in
                if case .set(let setting) = change { setting.name == "recur" } else { false }
            }
            if asked.changes.contains(where: recurs) {
                throw ProgramFailure(
                    "a to-do logged as done makes no next one: leave out its recurrence, or todo add it", exit: .usage)
            }
            let draft = TodoDraft(title: asked.title, asked.changes + [.completed(session.now)])
            let answer = try session.send(.add(draft: draft), to: TodoFeature.self)
            guard case .added(let added, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json {
                try printJSON(TodoRecord(added))
            } else {
                print(
                    "Logged \(TodoText.line(added, abbreviation: abbreviation, style: .forStandardOutput(in: session)))"
                )
            }
        }
    }
}
