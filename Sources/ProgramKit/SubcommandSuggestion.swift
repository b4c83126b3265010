import ArgumentParser

/// "Did you mean …?" for a mistyped subcommand (`coin flp`, `dice deck drw`, `headless rn`): the
/// parser names the word it could not place; where that word stands among a command's
/// subcommands and is close to one of their names, that name is the suggestion.
enum SubcommandSuggestion {
    /// The subcommand `message` (the parser's) most likely meant, given the command line
    /// `arguments` of the program whose root command is `root`; nil where none is close.
    static func suggestion(for message: String, arguments: [String], root: any ParsableCommand.Type) -> String? {
        let unplaced = Set(quotedWords(in: message))
        guard !unplaced.isEmpty else { return nil }
        var command = root
        for word in arguments where !word.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            if let named = subcommands.first(where: { name(of: $0) == word || $0.configuration.aliases.contains(word) })
            {
                command = named
                continue
            }
            guard unplaced.contains(word) else { continue }
            return closest(to: word, among: subcommands.map(name(of:)))
        }
        return nil
    }

    /// The one name `word` is a slip of: one or two letters wrong, missing, extra or swapped (one
    /// for a short word), or the beginning of that name alone.
    static func closest(to word: String, among names: [String]) -> String? {
        let allowed = word.count <= 3 ? 1 : 2
        let near = names.map { ($0, distance(word, $0)) }.filter { $0.1 <= allowed }
        if let best = near.min(by: { $0.1 < $1.1 }), near.filter({ $0.1 == best.1 }).count == 1 { return best.0 }
        let beginnings = names.filter { word.count >= 2 && $0.hasPrefix(word) }
        return beginnings.count == 1 ? beginnings[0] : nil
    }

    /// The words the parser's message quotes: `Unexpected argument 'flp'`.
    private static func quotedWords(in message: String) -> [String] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    private static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command).lowercased()
    }

    /// Letters to change, add, remove or swap to make one word the other (optimal string alignment).
    private static func distance(_ first: String, _ second: String) -> Int {
        let (a, b) = (Array(first), Array(second))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
