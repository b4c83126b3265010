import ArgumentParser
import ProgramKit

/// Taskwarrior's and todo.txt-cli's commands that todo spells otherwise, each answered with what to
/// type here, in one line and exit 64, rather than as arguments the parser did not expect: a habit
/// gets the way, not a puzzle.
enum OtherToolsVerbs {
    /// Each command, and what to type for it.
    static let spellings: [String: String] = [
        "duplicate": "Taskwarrior's duplicate is fork here: todo fork ID, with changes after it if wished",
        "replace": "todo.txt's replace is edit here: todo edit ID the whole new title",
        "pri": "todo.txt's pri is edit here: todo edit ID pri:H (H, M or L)",
        "p": "todo.txt's pri is edit here: todo edit ID pri:H (H, M or L)",
        "depri": "todo.txt's depri is edit here: todo edit ID pri: (nothing after the colon)",
        "dp": "todo.txt's depri is edit here: todo edit ID pri: (nothing after the colon)",
        "do": "todo.txt's do is done here: todo done ID",
        "del": "todo.txt's del is delete here: todo delete ID",
        "lsp": "todo.txt's lsp is todo list --sort priority here",
        "listpri": "todo.txt's listpri is todo list --sort priority here",
        "lsc": "todo.txt's lsc is todo list @context here, a context at a time",
        "lsprj": "todo.txt's lsprj is todo tags here (a todo.txt +project is a tag)",
        "archive": "done to-dos stay in the list here: todo list --done shows them, todo delete takes one out",
        "info": "Taskwarrior's info is show here: todo show ID",
        "information": "Taskwarrior's information is show here: todo show ID",
        "completed": "Taskwarrior's completed report is todo list --done here",
        "all": "Taskwarrior's all report is todo list --all here",
        "purge": "a deleted to-do is gone here already: todo delete ID, and undo brings it back",
        "append-note": "notes are set with edit here: todo edit ID --notes TEXT",
    ]

    /// What to type for the command `arguments` ask for, where it is one of the other tools' that
    /// todo has no command of that name for: the first word, or the word after the to-dos in
    /// Taskwarrior's order (`todo 3f2a duplicate`).
    static func spelling(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        let words = arguments.prefix { $0 != "--" }.filter { !$0.hasPrefix("-") }
        guard let first = words.first, !isOurs(first, root: root) else { return nil }
        if let spelled = spellings[first] { return spelled }
        guard words.count > 1, let spelled = spellings[words[1]], !isOurs(words[1], root: root) else { return nil }
        return spelled
    }

    private static func isOurs(_ word: String, root: any ParsableCommand.Type) -> Bool {
        word == "help"
            || root.configuration.subcommands.contains {
                $0.configuration.commandName == word || $0.configuration.aliases.contains(word)
            }
    }
}
