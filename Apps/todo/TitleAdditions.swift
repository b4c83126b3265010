import AppCore
import ArgumentParser
import Essentials
import ProgramKit

struct Append: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Add words to the end of to-dos' titles, each keeping its own title.",
        discussion: """
            The first argument names the to-dos, as `todo edit` takes it; the words after it are read \
            as `todo edit` reads them: +tag, @context and name:value change the to-do, the other words \
            are put after its title, a space between. todo.txt's `append` and Taskwarrior's order \
            work too: todo app 3f2a, todo 3f2a append. `todo undo` takes the words back off.

            Examples:
              todo append 3f2a and the bread
              todo append "+errands" before 6pm pri:H --yes
              todo 3f2a append with Sam +social
            """,
        aliases: ["app"])

    @Argument(help: "The to-do's id, or the start of it, or a filter in one argument.")
    var id: String

    @Argument(parsing: .allUnrecognized, help: "The words to put after each title, and attributes to change.")
    var words: [String] = []

    @Flag(help: "Change every to-do the filter picks without asking, however many.")
    var yes = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try addingToTitles(id, words, at: .end, yes: yes, common: common)
    }
}

struct Prepend: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepend",
        abstract: "Add words to the start of to-dos' titles, each keeping its own title.",
        discussion: """
            As `todo append`, the words put before each title rather than after it. todo.txt's \
            `prep` and Taskwarrior's order work too: todo prep 3f2a, todo 3f2a prepend.

            Examples:
              todo prepend 3f2a ask Sam:
              todo 3f2a prepend urgent: pri:H
            """,
        aliases: ["prep"])

    @Argument(help: "The to-do's id, or the start of it, or a filter in one argument.")
    var id: String

    @Argument(parsing: .allUnrecognized, help: "The words to put before each title, and attributes to change.")
    var words: [String] = []

    @Flag(help: "Change every to-do the filter picks without asking, however many.")
    var yes = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try addingToTitles(id, words, at: .start, yes: yes, common: common)
    }
}

/// Puts the title words of `words` at the `end` of the title of each to-do `id` names, makes the
/// other changes `words` say, and shows the to-dos changed.
private func addingToTitles(
    _ id: String, _ words: [String], at end: TitleAddition.End, yes: Bool, common: CommonOptions
) throws {
    let verb = end.command
    try reportingFailures {
        let session = try Session.forTodos(common)
        let inline = try TodoWords.readForProgram(words, editing: true, in: session)
        guard let title = inline.title?.trimmingWhitespace(), !title.isEmpty else {
            throw ProgramFailure(
                "say the words to \(verb): todo \(verb) ID WORDS (see 'todo \(verb) --help')", exit: .usage)
        }
        guard
            let references = try PickedTodos(words: [id], yes: yes).references(
                in: session, command: verb, among: .open, doing: "change them all")
        else { return print("Nothing changed.") }
        let command = TodoCommand.addToTitles(
            references: references, addition: TitleAddition(title, at: end), changes: inline.changes)
        let answer = try session.send(command, to: TodoFeature.self)
        guard case .changed(let items, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
        try show(items, abbreviation: abbreviation, verb: "Changed", json: common.json, in: session)
        for item in items { TodoPlans.warnOfWaitAfterDue(item, timeZone: session.timeZone) }
    }
}
