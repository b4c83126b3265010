import AppCore
import ArgumentParser
import Essentials
import ProgramKit

struct Annotate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotate",
        abstract: "Add a line to to-dos, kept with the moment it was said: `todo show` lists them.",
        discussion: """
            The first argument names the to-dos: an id (or the start of it), or a filter in one \\
            argument, as `todo edit` takes it; the words after it are the annotation, one line. \\
            Taskwarrior's order works too: todo 3f2a annotate asked Bob. `todo denotate` takes one off.

            Examples:
              todo annotate 3f2a asked Bob, he will call back
              todo annotate "+errands due:today" shops close at 6 --yes
            """)

    @Argument(help: "The to-do's id, or the start of it, or a filter in one argument.")
    var id: String

    @Argument(parsing: .allUnrecognized, help: "What to say of it; words are joined by spaces.")
    var words: [String] = []

    @Flag(help: "Annotate every to-do the filter picks without asking, however many.")
    var yes = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try annotating(id, words, yes: yes, common: common, verb: "annotate", saying: "Annotated") {
            .annotate(references: $0, text: $1)
        }
    }
}

struct Denotate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "denotate",
        abstract: "Take an annotation off to-dos: the one of that text, or the only one holding it.",
        discussion: """
            The first argument names the to-dos, as `todo annotate` takes it; the words after it name \\
            the annotation: its whole text, or a part of it that no other annotation of the to-do \\
            holds, in any case. `todo undo` puts it back.

            Examples:
              todo denotate 3f2a asked Bob, he will call back
              todo denotate 3f2a bob
            """)

    @Argument(help: "The to-do's id, or the start of it, or a filter in one argument.")
    var id: String

    @Argument(parsing: .allUnrecognized, help: "The annotation's text, or a part of it.")
    var words: [String] = []

    @Flag(help: "Change every to-do the filter picks without asking, however many.")
    var yes = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        try annotating(id, words, yes: yes, common: common, verb: "denotate", saying: "Denotated") {
            .denotate(references: $0, text: $1)
        }
    }
}

/// Sends the annotation command `make` makes of the to-dos `id` names and the text `words` say,
/// and shows the to-dos it changed after `saying`.
private func annotating(
    _ id: String, _ words: [String], yes: Bool, common: CommonOptions, verb: String, saying: String,
    _ make: ([String], String) -> TodoCommand
) throws {
    try reportingFailures {
        let text = words.joined(separator: " ")
        guard !text.trimmingWhitespace().isEmpty else {
            throw ProgramFailure("say what: todo \(verb) ID TEXT (see 'todo \(verb) --help')", exit: .usage)
        }
        let session = try Session.forTodos(common)
        guard
            let references = try PickedTodos(words: [id], yes: yes).references(
                in: session, command: verb, among: .open, doing: "\(verb) them all")
        else { return print("Nothing changed.") }
        let answer = try session.send(make(references, text), to: TodoFeature.self)
        guard case .changed(let items, let abbreviation) = answer else { throw ProgramFailure.unexpected(answer) }
        try show(items, abbreviation: abbreviation, verb: saying, json: common.json, in: session)
    }
}
