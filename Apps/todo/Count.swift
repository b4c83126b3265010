import AppCore
import ArgumentParser
import ProgramKit

struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count the to-dos a filter picks: the open ones, unless told otherwise.",
        discussion: """
            It counts what `todo list` shows with the same words: the open ones, waiting ones left \
            out, unless --all, --done or --waiting says otherwise or the filter names a status. \
            (Taskwarrior's `task count` counts every task, done ones too: `todo count --all`.) The \
            filter is `todo list`'s (see 'todo list --help'). With --json, {"count": N}.
            Examples:
              todo count
              todo count +errands due.before:eow
              todo count status:done project:work
              todo count --all
            """)

    @Argument(
        parsing: .allUnrecognized,
        help: "A filter: +tag, -tag, @context, project:, due:, due.before:, status:, /pattern/, ids, or, ( ).")
    var filter: [String] = []

    @OptionGroup var among: StatusFlags

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let listing = try ListingFilter.read(filter, command: "count", in: session)
            listing.say(aside: true)
            let query = TodoQuery(status: among.status(for: listing.filter), filter: listing.filter)
            let answer = try session.send(.list(query: query), to: TodoFeature.self)
            guard case .listed(let items, _, _) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { try printJSON(["count": items.count]) } else { print(items.count) }
        }
    }
}
