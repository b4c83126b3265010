import AppCore
import ArgumentParser
import ProgramKit

/// Taskwarrior's `task context`: filters saved by name, one of them in use, which every listing
/// and report applies beside its own words, in every program that opens the store.
struct Context: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "context",
        abstract: "Save filters by name, and put one in use for every listing and report.",
        discussion: """
            A context is a filter in todo list's words, saved under a name. While one is in use, \
            todo list, count, next and every report (projects, summary, tags, active, waiting, \
            calendar, burndown) show only the to-dos it picks, beside what their own words pick, \
            and say so in their first line ("context work: project:work"; with --json, and for \
            count, on stderr). The web page lists inside it too. Commands that change to-dos \
            (done, edit, delete, …) and export act on what their words name, whatever the \
            context. Contexts are kept in the store: every program and the web page share them. \
            The words are read again at each listing, so due.before:eow is this week's end.

            Examples:
              todo context define work project:work or +office
              todo context work                 in use from now on
              todo list                         work's to-dos, under "context work: …"
              todo context none                 every to-do again
              todo context list                 each context, * before the one in use
              todo context delete work
            """,
        subcommands: [ContextDefine.self, ContextUse.self, ContextList.self, ContextShow.self, ContextDelete.self],
        defaultSubcommand: ContextUse.self
    )
}

struct ContextDefine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "define", abstract: "Save a filter under a name, in place of what the name held.")

    @Argument(help: "One word: letters, digits, -, _ and ., not none, use, list, define, delete, show or help.")
    var name: String

    @Argument(
        parsing: .allUnrecognized, help: "The filter, in todo list's words: +tag, project:, due.before:, or, ( ), ….")
    var filter: [String] = []

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let answer = try session.send(.define(name: name, words: filter), to: TodoContextFeature.self)
            guard case .defined(let context, let replaced) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { return try printJSON(context) }
            let before = replaced.map { " (it was: \(TerminalText.escaped($0.joined(separator: " "))))" } ?? ""
            print("Defined \(TerminalText.escaped(context.line))\(before); todo context \(context.name) puts it in use")
        }
    }
}

struct ContextUse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Put a context in use (todo context NAME), or none (todo context none).")

    @Argument(help: "The context's name, or none.")
    var name: String

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let command = TodoContextCommand.use(name: name.lowercased() == "none" ? nil : name)
            let answer = try session.send(command, to: TodoContextFeature.self)
            guard case .using(let context) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { return try printJSON(["context": context]) }
            guard let context else { return print("No context in use: listings show every to-do.") }
            print("In use: \(TerminalText.escaped(context.line))")
        }
    }
}

struct ContextList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Each context and its filter, * before the one in use.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let answer = try session.send(.list, to: TodoContextFeature.self)
            guard case .listed(let contexts, let current) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { return try printJSON(ContextListing(contexts: contexts, current: current)) }
            guard !contexts.isEmpty else { return print("No contexts: todo context define NAME FILTER makes one.") }
            let width = contexts.map(\.name.count).max() ?? 0
            for context in contexts {
                let mark = context.name == current ? "* " : "  "
                let name = TerminalText.escaped(context.name)
                let padding = String(repeating: " ", count: width - context.name.count)
                print("\(mark)\(name)\(padding)  \(TerminalText.escaped(context.words.joined(separator: " ")))")
            }
        }
    }

    /// `{"contexts": [{"name", "words"}], "current": NAME or null}`.
    struct ContextListing: Encodable {
        let contexts: [TodoContext]
        let current: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try container.encode(contexts, forKey: NamedKey("contexts"))
            try container.encode(current, forKey: NamedKey("current"))
        }
    }
}

struct ContextShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "The context in use, if any.")

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let answer = try session.send(.current, to: TodoContextFeature.self)
            guard case .current(let context) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { return try printJSON(["context": context]) }
            print(context.map { TerminalText.escaped($0.line) } ?? "No context in use.")
        }
    }
}

struct ContextDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Forget a context.")

    @Argument(help: "The context's name.")
    var name: String

    @OptionGroup var common: CommonOptions

    func run() throws {
        try reportingFailures {
            let session = try Session.forTodos(common)
            let answer = try session.send(.delete(name: name), to: TodoContextFeature.self)
            guard case .deleted(let name, let wasInUse) = answer else { throw ProgramFailure.unexpected(answer) }
            if common.json { return try printJSON(["deleted": name]) }
            print("Deleted context \(TerminalText.escaped(name))\(wasInUse ? "; no context is in use now" : "")")
        }
    }
}
