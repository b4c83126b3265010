import AppCore
import ArgumentParser
import ProgramKit

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a to-do's title, due date, project, dates, priority, tags, contexts or notes.",
        discussion: """
            Examples:
              todo edit 3f2a --title "buy oat milk"
              todo edit 3f2a --due none --priority low --tag shop --untag errands
            """
    )

    @Argument(help: "The to-do's id, or the start of it.")
    var id: String

    @OptionGroup var change: ChangeOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let changes = try change.changes(in: session)
            guard !changes.isEmpty else {
                throw ProgramFailure(
                    "say what to change: --title, --due, --project, --wait, --scheduled, --until, --priority, "
                        + "--tag, --untag, --context, --uncontext or --notes", exit: .usage
                )
            }
            guard
                case .changed(let items, let abbreviation) = try session.send(
                    .edit(reference: id, changes: changes), to: TodoFeature.self)
            else { return }
            try show(items, abbreviation: abbreviation, verb: "Changed", json: common.json)
        }
    }
}
