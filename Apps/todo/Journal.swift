import AppCore
import ArgumentParser
import ProgramKit

struct Journal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Show everything that happened to the to-dos, oldest first, with its time.",
        discussion: """
            Keeps the last \(TodoState.journalLimit) entries. With --json, an array of objects:
            {"at", "action", "id", "title", "command"}.
            """
    )

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let answer = try session.send(.showJournal, to: TodoFeature.self)
            guard case .journal(let entries) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json {
                try printJSON(entries)
            } else if entries.isEmpty {
                print("Nothing has happened yet.")
            } else {
                let (style, time) = (TextStyle.forStandardOutput(), LocalTime(timeZone: session.timeZone))
                for entry in entries {
                    let when = style.dim(time.string(from: entry.at))
                    print(
                        "\(when)  \(entry.action.rawValue.padding(9))  \(TerminalText.escaped(entry.id.value))  \(TerminalText.escaped(entry.title))  \(style.dim("(\(TerminalText.escaped(entry.command)))"))"
                    )
                }
            }
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
