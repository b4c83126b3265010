import AppCore
import ArgumentParser
import ProgramKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every detail of one to-do.")

    @Argument(help: "The to-do's id, or the start of it.")
    var id: String

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            guard
                case .shown(let item, let abbreviation, let links) = try session.send(
                    .show(reference: id), to: TodoFeature.self)
            else { return }
            if common.json {
                try printJSON(TodoRecord(item))
            } else {
                print(
                    TodoText.details(
                        item, abbreviation: abbreviation, links: links ?? TodoLinks(), timeZone: session.timeZone,
                        now: session.now))
            }
        }
    }
}
