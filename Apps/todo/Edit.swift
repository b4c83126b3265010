import AppCore
import ArgumentParser
import ProgramKit

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract:
            "Change to-dos' title, due date, project, dates, recurrence, dependencies, priority, tags, contexts or notes.",
        discussion: """
            The first argument names the to-dos: an id (or the start of it), or a filter in one \
            argument, as `todo list` takes it ("+errands project:home"). The same changes are made to \
            each, undone as one; more than \(PickedTodos.fewest) are changed only when asked on a \
            terminal, or with --yes. Taskwarrior's order works too: todo +errands modify pri:H.

            After it, words as `todo add` reads them: +tag and @context add, -tag and -@context \
            take off, name:value sets an attribute and name: (nothing after the colon) clears it; \
            any other words are the new title, and so is everything after --.

            Examples:
              todo edit 3f2a -errands +shop due:
              todo edit 3f2a buy oat milk project:home.kitchen "due:sat 10:00"
              todo edit 3f2a --title "buy oat milk"
              todo edit 3f2a recur:2w          every two weeks, counted from its due day (recur: stops it)
              todo edit 3f2a depends:9c1b,-7d2e  wait on 9c1b, no longer on 7d2e (depends: clears)
              todo edit 3f2a --due none --priority low --tag shop --untag errands
              todo edit "+errands due.before:eow" pri:H --yes
              todo modify 3f2a +shop
            """,
        aliases: ["modify"]
    )

    @Argument(help: "The to-do's id, or the start of it, or a filter in one argument (\"+errands project:home\").")
    var id: String

    @Argument(
        parsing: .allUnrecognized,
        help: "A new title, and attributes to change (+tag, -tag, @context, -@context, project:, due:, …).")
    var words: [String] = []

    @OptionGroup var change: ChangeOptions

    @Flag(help: "Change every to-do the filter picks without asking, however many.")
    var yes = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let inline = try TodoWords.readForProgram(words, editing: true, in: session)
            if inline.title != nil && change.title != nil {
                throw ProgramFailure("give the new title once: as words or with --title", exit: .usage)
            }
            let options = try change.changes(in: session)
            try refuseChangesAtOdds(options, inline.changes, command: "edit")
            let changes = options + (inline.title.map { [.title($0)] } ?? []) + inline.changes
            guard !changes.isEmpty else {
                throw ProgramFailure(
                    "say what to change: words as add takes them (+tag, due:fri, …), or --title, --due, --project, --wait, --scheduled, --until, --recur, --depends, --priority, "
                        + "--tag, --untag, --context, --uncontext or --notes", exit: .usage
                )
            }
            guard
                let references = try PickedTodos(words: [id], yes: yes).references(
                    in: session, command: "edit", among: .open, doing: "change them all")
            else { return print("Nothing changed.") }
            let command: TodoCommand =
                references.count == 1
                ? .edit(reference: references[0], changes: changes)
                : .editEach(references: references, changes: changes)
            let answer = try session.send(command, to: TodoFeature.self)
            guard case .changed(let items, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
            try show(items, abbreviation: abbreviation, verb: "Changed", json: common.json, in: session)
            for item in items { TodoPlans.warnOfWaitAfterDue(item, timeZone: session.timeZone) }
        }
    }
}

extension Edit {
    /// The to-dos `id` names, changed as `words` say and by no option: `todo edit 3f2a +shop
    /// due:fri` as the parser reads it.
    static func of(_ id: String, words: [String], from line: QuickLine) -> Edit {
        var change = ChangeOptions()
        change.title = nil
        change.untag = []
        change.uncontext = []
        change.item = .noneGiven
        var edit = Edit()
        edit.id = id
        edit.words = words
        edit.change = change
        edit.yes = false
        edit.common = line.common
        return edit
    }
}
