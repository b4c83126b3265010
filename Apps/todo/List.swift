import AppCore
import ArgumentParser
import ProgramKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List to-dos: the open ones, unless told otherwise.",
        discussion: """
            The open to-dos are those not done, but for those waiting (--wait) until a moment still to \
            come, listed by --waiting, and those expired (--until), listed by --all.

            A filter picks among them, in words after list, as Taskwarrior's: +tag, -tag (without it), \
            @context, -@context, project:NAME (and the projects under it; project: for none), \
            priority:H (pri:), due:DATE (due that day; due: for none), due.before:DATE, due.by:DATE \
            (on it or before), due.after:DATE, recur:weekly (that period; recur:any, any; recur:, \
            none), +BLOCKED and +BLOCKING (Taskwarrior's virtual tags: waiting on an open to-do, and \
            waited on by one; -BLOCKED and -BLOCKING for the others), status:pending, status:done \
            or status:waiting, \
            /pattern/ (a regular expression found in the title, the notes or an annotation, in any \
            case), description.contains:TEXT (the text itself found so; .hasnt: for the others) or \
            description~PATTERN (desc for short), and ids or the starts of them. Words side by side must all hold; `or` between them asks for either, \
            and parentheses group them (quote them from the shell). An argument starting with \
            name: is read whole ("project:my home"); any other is split at its spaces. A filter that \
            names a status or ids looks among every to-do, not only the open ones.

            Each line reads `3f2a [ ] (A) title  due DAY project:NAME +tags @contexts`: [>] marks \
            one started, [x] one done. An open one due before now is marked `overdue` after its due \
            day, and one due later today `today`; on a terminal the title is red where overdue, \
            yellow where due today and green where started, in place of those words (NO_COLOR \
            turns colour off). One waiting is marked `waiting until DAY`, one expired `expired DAY`.

            With --json, an array of objects: {"id", "title", "completed", "completedAt", "due", \
            "dueTime", "priority", "project", "tags", "contexts", "notes", "extras", "created", "wait", \
            "scheduled", "until", "started", "secondsSpent", "recur", "depends"}. A line marks a \
            to-do BLOCKED while one it depends on is open, and BLOCKING while an open one depends \
            on it (but in a list of ids alone, which reads no other to-do).

            Examples:
              todo list
              todo list --all --sort due
              todo list --tag errands --due-before "next week"
              todo list --project work --context office
              todo list +errands project:home
              todo list due.before:eow -someday
              todo list +BLOCKING              what others wait on
              todo list '( +errands or @town )' due:today
              todo list /milk|bread/ status:done
              todo list --search milk --json
              todo list --watch
              todo ls
            """,
        aliases: ["ls"]
    )

    @Argument(
        parsing: .allUnrecognized,
        help: "A filter: +tag, -tag, @context, project:, due:, due.before:, recur:, status:, /pattern/, ids, or, ( ).")
    var filter: [String] = []

    @OptionGroup var among: StatusFlags

    @Option(help: "Only to-dos with this tag.")
    var tag: String?

    @Option(help: "Only to-dos in this project, or in one under it: work lists work.reports too.")
    var project: String?

    @Option(help: "Only to-dos with this context.")
    var context: String?

    @Option(help: "Only to-dos due before this day.")
    var dueBefore: String?

    @Option(help: "Only to-dos whose title, notes, +tags, @contexts or project:name hold this text, in any case.")
    var search: String?

    @Option(help: "The order: created (the default), due, priority or title.")
    var sort: TodoQuery.Order = .created

    @Flag(
        help: ArgumentHelp(
            "Keep the list on screen, drawn again whenever any program changes it, until Ctrl-C.",
            discussion: """
                Only what changed is written. On a terminal the list is drawn in place, cut to the \
                screen's height; elsewhere (a pipe, a file) the whole list comes first, then each change \
                as an empty line and the lines that went (after "- ") and came (after "+ ").
                """))
    var watch = false

    @OptionGroup var common: CommonOptions

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
            // The context in use is asked for at each listing: one put in use while --watch
            // draws is drawn from then on.
            let picked = { () throws -> (TodoQuery, ListingFilter) in
                let listing = try ListingFilter.read(filter, command: "list", in: session)
                let query = TodoQuery(
                    status: among.status(for: listing.filter),
                    tag: tag, dueBefore: before, search: search, project: project, context: context, order: sort,
                    filter: listing.filter)
                return (query, listing)
            }
            guard watch else {
                let (query, listing) = try picked()
                listing.say(aside: common.json)
                return try list(query, in: session)
            }
            var live = LiveLines(onTerminal: isatty(STDOUT_FILENO) == 1)
            try session.watch {
                let (query, listing) = try picked()
                let answer = try listed(query, in: session)
                guard case .listed(let items, let abbreviation, let links) = answer else {
                    throw ProgramFailure.unexpected(answer)
                }
                let lines =
                    items.isEmpty
                    ? [emptyList]
                    : TodoText.lines(
                        items, abbreviation: abbreviation, links: links ?? TodoLinks(),
                        style: .forStandardOutput(in: session))
                try live.draw((listing.line.map { [$0] } ?? []) + lines)
            }
        }
    }

    private func list(_ query: TodoQuery, in session: Session) throws {
        let answer = try listed(query, in: session)
        guard case .listed(let items, let abbreviation, let links) = answer else {
            throw ProgramFailure.unexpected(answer)
        }
        if items.isEmpty && !common.json {
            print(emptyList)
            return
        }
        try show(items, abbreviation: abbreviation, links: links ?? TodoLinks(), json: common.json, in: session)
    }

    private func listed(_ query: TodoQuery, in session: Session) throws -> TodoFeature.Answer {
        try session.send(.list(query: query), to: TodoFeature.self)
    }

    /// What an empty list shows, in the words of what was asked for.
    private var emptyList: String {
        among.all
            ? "No to-dos." : among.done ? "Nothing done yet." : among.waiting ? "Nothing waits." : "Nothing to do."
    }
}

extension TodoQuery.Order: ExpressibleByArgument {}

extension List {
    /// The open to-dos, oldest first, once: `todo list` as the parser reads it.
    static func openTodos(from line: QuickLine) -> List {
        var list = List()
        list.filter = []
        list.among = .open
        list.tag = nil
        list.project = nil
        list.context = nil
        list.dueBefore = nil
        list.search = nil
        list.sort = .created
        list.watch = false
        list.common = line.common
        return list
    }
}
