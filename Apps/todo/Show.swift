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
            // No id at all is a line mistyped, as for `todo done ""`, not an id no to-do has.
            guard id.contains(where: { !$0.isWhitespace }) else {
                throw ProgramFailure("name the to-do to show: its id, or the start of it", exit: .usage)
            }
            let session = try Session.forTodos(common)
            let answer = try session.send(.show(reference: id), to: TodoFeature.self)
            guard case .shown(let item, let abbreviation, let links) = answer else {
                throw ProgramFailure.unexpected(answer)
            }
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

extension Show {
    /// The to-do `id` names, shown as text: `todo show 3f2a` as the parser reads it.
    static func of(_ id: String, from line: QuickLine) -> Show {
        var show = Show()
        show.id = id
        show.common = line.common
        return show
    }
}
