import AppCore
import ArgumentParser
import ProgramKit

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List to-dos: the open ones, unless told otherwise.",
        discussion: """
            With --json, an array of objects: {"id", "title", "completed", "completedAt", "due", \
            "priority", "tags", "contexts", "notes", "extras", "created"}.

            Examples:
              todo list
              todo list --all --sort due
              todo list --tag errands --due-before "next week"
              todo list --search milk --json
            """
    )

    @Flag(help: "Open and done to-dos alike.")
    var all = false

    @Flag(help: "Only the done to-dos.")
    var done = false

    @Option(help: "Only to-dos with this tag.")
    var tag: String?

    @Option(help: "Only to-dos due before this day.")
    var dueBefore: String?

    @Option(help: "Only to-dos whose title or notes hold this text, in any case.")
    var search: String?

    @Option(help: "The order: created (the default), due, priority or title.")
    var sort: TodoQuery.Order = .created

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if all && done { throw ValidationError("--all and --done ask for different lists: give one") }
    }

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            var before: Day?
            if let dueBefore {
                do {
                    before = try DayParser.parse(dueBefore, now: session.now, timeZone: session.timeZone)
                } catch {
                    throw ProgramFailure("--due-before: \(error)", exit: .usage)
                }
            }
            let query = TodoQuery(
                status: all ? .all : done ? .done : .open, tag: tag, dueBefore: before, search: search, order: sort)
            guard case .listed(let items, let abbreviation) = try session.todo(.list(query: query)) else { return }
            if items.isEmpty && !common.json {
                print(all ? "No to-dos." : done ? "Nothing done yet." : "Nothing to do.")
                return
            }
            try show(items, abbreviation: abbreviation, json: common.json)
        }
    }
}

extension TodoQuery.Order: ExpressibleByArgument {}
