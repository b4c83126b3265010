import ArgumentParser

/// Taskwarrior's order, the to-dos before what is done to them: `todo 3f2a done`, `todo +errands
/// list`, `todo 3f2a modify pri:H`, read as `todo done 3f2a`, `todo list +errands` and `todo edit
/// 3f2a pri:H`, and `todo 3f2a annotate asked Bob`. Only a line whose first word is neither an option nor a command, and that has a
/// command taking to-dos after it, is read so; every other line stays as typed, so that a mistyped
/// command still gets its "did you mean".
enum TaskwarriorOrder {
    /// The commands that may follow the to-dos they work on.
    static let verbs: Set<String> = [
        "list", "ls", "count", "show", "done", "reopen", "start", "stop", "delete", "rm", "edit", "modify", "next",
        "projects", "tags", "summary", "active", "waiting", "calendar", "burndown", "annotate", "denotate",
        "append", "app", "prepend", "prep",
    ]

    /// Those of them that take their filter as one argument, the words after it their own: words
    /// of the filter's own spaces would be split apart.
    static let takingFilterWhole: Set<String> = [
        "edit", "modify", "annotate", "denotate", "append", "app", "prepend", "prep",
    ]

    /// `arguments` in the order the parser reads, for a program whose root command is `root`.
    static func rewritten(_ arguments: [String], root: any ParsableCommand.Type) -> [String] {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help",
            !root.configuration.subcommands.contains(where: { named($0, first) })
        else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard let verb = arguments[..<end].firstIndex(where: verbs.contains) else { return arguments }
        let (filter, rest) = (Array(arguments[..<verb]), Array(arguments[(verb + 1)...]))
        guard takingFilterWhole.contains(arguments[verb]) else { return [arguments[verb]] + filter + rest }
        guard filter.count == 1 || !filter.contains(where: { $0.contains(where: \.isWhitespace) }) else {
            return arguments
        }
        let command = ["edit", "modify"].contains(arguments[verb]) ? "edit" : arguments[verb]
        return [command, filter.joined(separator: " ")] + rest
    }

    private static func named(_ command: any ParsableCommand.Type, _ word: String) -> Bool {
        command.configuration.commandName == word || command.configuration.aliases.contains(word)
    }
}
