import AppCore
import ArgumentParser
import ProgramKit

struct Fork: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fork",
        abstract: "Copy a to-do under a new id, with changes if given.",
        discussion: """
            Examples:
              todo fork 3f2a
              todo fork 3f2a --title "buy bread" --due tomorrow
            """
    )

    @Argument(help: "The id of the to-do to copy, or the start of it.")
    var id: String

    @OptionGroup var change: ChangeOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let answer = try session.send(
                .fork(reference: id, changes: try change.changes(in: session)), to: TodoFeature.self)
            guard case .forked(let copy, let original, let abbreviation) = answer else {
                throw ProgramFailure.unexpected(answer)
            }
            if common.json {
                try printJSON(TodoRecord(copy))
            } else {
                let line = TodoText.line(copy, abbreviation: abbreviation, style: .forStandardOutput(in: session))
                print("Forked \(TodoText.shown(original, abbreviation)) as \(line)")
            }
        }
    }
}
