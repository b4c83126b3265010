import AppCore
import ArgumentParser
import ProgramKit

@main
struct DiceProgram: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dice",
        abstract: "Roll dice written in dice notation, or weigh their exact odds.",
        discussion: """
            Examples:
              dice 4d6kh3                 roll four six-sided dice, keep the highest three
              dice 2d20kh1+5 -v           advantage, showing every die
              dice 6x 4d6kh3              six ability scores
              dice 3d6 --seed 7 --json    the same roll on every run, as JSON
              dice --stats 3d6            the exact distribution, as a histogram
              dice --stats 3d6 --plot     the same as a column chart
              dice history                past rolls, newest first
              dice deck draw 5            five cards from a deck that lasts between runs

            The notation: NdS, d%, dF, dF.1, d{1,2,2,3}, (1d4)d6, {e1,e2}kh1; + - * / (floor), \
            floor() ceil() round() abs(), comparisons (1d20+5>=15 is 1 or 0); modifiers written \
            right after the dice, in order: kh kl dh dl, ro rr r, ! !! !p !o, min max, <cmp>N or \
            cs<cmp>N for successes and f<cmp>N for failures; Nx expr and sum(Nx expr). \
            A space ends the dice: 2d6>=7 counts dice, 2d6 >= 7 compares the total. \
            Several expressions are several rolls: dice 1d20+5 1d8+3. A label names the terms \
            before it, 2d6 [fire], and # starts a comment: dice '1d20+5 [attack] # longsword'. \
            A negative expression is read as one, not as an option: dice -1d6+3.

            The whole notation, the order of modifiers, what --stats reports and every limit: \
            Docs/dice-notation.md in the source.

            \(DiceLimits.summary)

            \(ProgramExit.explanation)
            """,
        version: ProgramVersion.current,
        subcommands: [Roll.self, History.self, DeckGroup.self],
        defaultSubcommand: Roll.self
    )

    static func main() {
        main(
            arguments: expressionsAfterOptions(SeedOption.arguments()), flags: quickFlags, options: quickOptions,
            readingQuickly: quickly)
    }

    /// The roll's flags and options its quick reading knows: the exact odds, and many rolls.
    static let quickFlags = ["--stats", "--summary", "--plot"]
    static let quickOptions = ["--times"]

    /// The options that take a value, whose value may start with `-` (`--seed -1`).
    static let valuedOptions: Set = ["--seed", "--times", "--crit", "--store", "--data", "--now", "--record"]

    /// A roll's arguments with a negative expression (`-1d6+3`) read as an expression, not as
    /// options: the options first, then `--`, then the words in their order. Any other line as it is.
    static func expressionsAfterOptions(_ arguments: [String]) -> [String] {
        func negative(_ word: String) -> Bool {
            guard word.hasPrefix("-"), let next = word.dropFirst().first else { return false }
            return next.isASCII && (next.isNumber || "dD({".contains(next))
        }
        let subcommands = ["history", "deck", "help", "--"]
        guard arguments.contains(where: negative), !arguments.contains(where: subcommands.contains) else {
            return arguments
        }
        var (options, words) = ([String](), [String]())
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument.hasPrefix("-") && !negative(argument) {
                if valuedOptions.contains(argument), let value = remaining.popFirst() {
                    options.append(value.hasPrefix("-") ? "\(argument)=\(value)" : argument)
                    if !value.hasPrefix("-") { options.append(value) }
                } else {
                    options.append(argument)
                }
            } else if argument == "roll" && words.isEmpty && options.isEmpty {
                options.append(argument)
            } else {
                words.append(argument)
            }
        }
        return options + ["--"] + words
    }

    /// An expression, such as `dice 4d6kh3` or `dice roll 2d20kh1 + 5`, alone or with `--stats`,
    /// `--plot`, `--times N` and `--summary`, and `dice history`, read as the parser reads them;
    /// every other line goes to the parser.
    static func quickly(_ line: QuickLine) -> (any QuickCommand)? {
        if line.words == ["history"] {
            // The roll's own flags and options are not the history's: the parser says so.
            let rollsOwn = quickFlags + quickOptions
            return rollsOwn.contains(where: line.has) ? nil : History.quick(from: line)
        }
        // `roll` is the command only as the line's first word: after an option (`dice --stats roll
        // 3d6`) the parser reads it as part of the expression, which it then refuses.
        guard line.words.first != "roll" || line.startsWithWord else { return nil }
        let expression = line.words.first == "roll" ? Array(line.words.dropFirst()) : line.words
        // Only a word of letters alone can name a command: the names are looked up for such a
        // word only, as that builds every command's configuration (80,000 instructions).
        let mayNameACommand = expression.contains { $0.allSatisfy(\.isLetter) }
        guard !expression.isEmpty, !mayNameACommand || commandNames.isDisjoint(with: expression) else { return nil }
        return RollRun.quick(expression, from: line)
    }

    /// The names and aliases of the program's commands, each of letters alone (`QuickLineSpec`).
    static var commandNames: Set<String> {
        Set(
            configuration.subcommands.flatMap { command in
                [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
            })
    }
}
