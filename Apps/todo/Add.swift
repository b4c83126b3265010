import AppCore
import ArgumentParser
import ProgramKit

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a to-do, and print its id.",
        discussion: """
            The words say what to do, and may set its attributes as Taskwarrior and todo.txt users \
            type them. Each argument is read whole: +tag, @context, project:NAME (proj:), due:DATE, \
            wait:DATE, scheduled:DATE (sched:), until:DATE, priority:H (pri:), recur:PERIOD and \
            depends:ID[,ID] (the to-dos it waits on) set what they name; \
            every other argument is the title's, and so is everything after --. An argument of \
            several words, quoted, is the title's unless it starts with an attribute's name and a \
            colon ("due:fri 17:30"), or, as the first, with todo.txt's priority: "(B) call mum \
            @phone" sets priority B and reads each word after it as an argument. A priority is a \
            letter, A (most) to Z; pri:H, M, L are Taskwarrior's, A, B, C. The options below do \
            the same.

            Examples:
              todo add "buy milk"
              todo add buy milk +errands @store project:home due:fri pri:H wait:+2d
              todo add call Bob "due:fri 17:30"
              todo add pay rent due:2026-01-31 recur:monthly   (done, it makes the next one)
              todo add paint the wall depends:3f2a             (blocked while 3f2a is open)
              todo add -- email @bob: +1 on due:friday     (all of it the title)
              todo add "file taxes" --due eom --priority high --tag admin
              todo add "(B) call mum @phone +family"           (as a todo.txt line)
            """
    )

    @Argument(
        parsing: .allUnrecognized,
        help: "What to do, and its attributes (+tag, @context, project:, due:, …); words are joined by spaces.")
    var title: [String] = []

    @OptionGroup var item: ItemOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let draft = try Self.draft(title, item, in: session)
            let answer = try session.send(.add(draft: draft), to: TodoFeature.self)
            guard case .added(let added, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json {
                try printJSON(TodoRecord(added))
            } else {
                let line = TodoText.line(added, abbreviation: abbreviation, style: .forStandardOutput(in: session))
                print("Added \(line)\(TodoPlans.said(added, timeZone: session.timeZone))")
            }
            TodoPlans.warnOfWaitAfterDue(added, timeZone: session.timeZone)
        }
    }
}

extension Add {
    /// The to-do that `title`'s words and `item`'s options ask for, as `todo add` and `todo log`
    /// read them.
    static func draft(_ title: [String], _ item: ItemOptions, in session: Session) throws -> TodoDraft {
        let words = try TodoWords.readForProgram(title, editing: false, in: session)
        let options = try item.changes(
            title: nil, untag: [], uncontext: [], now: session.now, timeZone: session.timeZone)
        try refuseChangesAtOdds(options, words.changes, command: "add")
        return TodoDraft(title: words.title ?? "", options + words.changes)
    }

    /// A to-do of `title` alone: `todo add TITLE` as the parser reads it.
    static func titled(_ title: [String], from line: QuickLine) -> Add {
        var add = Add()
        add.title = title
        add.item = .noneGiven
        add.common = line.common
        return add
    }
}

extension TodoWords {
    /// The title and changes `words` give, as `read` gives them, dates read in `session`'s time; a
    /// word that cannot be read is a usage error.
    static func readForProgram(
        _ words: [String], editing: Bool, in session: Session
    ) throws -> (title: String?, changes: [TodoItem.Change]) {
        do {
            return try read(words, editing: editing, now: session.now, timeZone: session.timeZone)
        } catch {
            // Said as the parser says a mistyped line, naming the help that explains it.
            throw ProgramFailure("\(error.description) (see 'todo \(editing ? "edit" : "add") --help')", exit: .usage)
        }
    }
}
