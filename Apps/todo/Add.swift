import AppCore
import ArgumentParser
import ProgramKit

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a to-do, and print its id.",
        discussion: """
            Examples:
              todo add "buy milk"
              todo add "file taxes" --due eom --priority high --tag admin
            """
    )

    @Argument(help: "What to do; words are joined by spaces.")
    var title: [String]

    @OptionGroup var item: ItemOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let draft = TodoDraft(
                title: title.joined(separator: " "),
                try item.changes(title: nil, untag: [], uncontext: [], now: session.now, timeZone: session.timeZone))
            guard case .added(let added, let abbreviation) = try session.send(.add(draft: draft), to: TodoFeature.self)
            else { return }
            if common.json {
                try printJSON(TodoRecord(added))
            } else {
                print("Added \(TodoText.line(added, abbreviation: abbreviation, style: .forStandardOutput()))")
            }
        }
    }
}

extension Add {
    /// A to-do of `title` alone: `todo add TITLE` as the parser reads it.
    static func titled(_ title: [String], from line: QuickLine) -> Add {
        var add = Add()
        add.title = title
        add.item = .noneGiven
        add.common = line.common
        return add
    }
}
