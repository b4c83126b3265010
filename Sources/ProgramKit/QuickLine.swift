import ArgumentParser

/// A command line plain enough to be read without swift-argument-parser: words, then any of
/// `--store NAME` and `--data PATH`, each at most once.
///
/// Before it reads anything, the parser builds its model of the whole program: it reflects over
/// every property of the root, of the command and of the completion requests, and looks up each
/// property wrapper's conformances among the program's 5,300 conformance records. That cost 17 M
/// of the 30 M instructions `coin flip` took through the parser (callgrind). A program reads
/// the few lines a person types most (`coin flip`, `dice 4d6kh3`, `todo list`) through a
/// `QuickLine` into the very command value the parser would make, and leaves every other line to
/// the parser: an option this reading does not know, `--help`, `--version`, a mistake. So help,
/// errors and completions stay the parser's own, and each program's quick reading is held to the
/// parser's reading of the same lines by a test (`QuickLineSpec`).
public struct QuickLine {
    /// The words before the options, none of them starting with `-`.
    public let words: [String]
    /// `--store` and `--data`, as the parser would have set them.
    private let storage: StoreOptions

    /// Reads `arguments`; nil where the parser is needed.
    public init?(_ arguments: [String]) {
        var words: [String] = []
        var store: StoreKind?
        var data: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `help` is a command of the parser's own, wherever it stands.
            guard argument != "help" else { return nil }
            guard argument.hasPrefix("-") else {
                // A word after an option: the parser reads words and options in any order.
                guard store == nil && data == nil else { return nil }
                words.append(argument)
                continue
            }
            guard let value = remaining.popFirst(), !value.hasPrefix("-") else { return nil }
            switch argument {
            case "--store" where store == nil:
                guard let kind = StoreKind(rawValue: value) else { return nil }
                store = kind
            case "--data" where data == nil:
                data = value
            default:
                return nil
            }
        }
        self.words = words
        var storage = StoreOptions()
        storage.store = store
        storage.data = data
        self.storage = storage
    }

    /// The options every program takes, as the parser sets them when a line gives none but
    /// `--store` and `--data`.
    public var common: CommonOptions {
        var common = CommonOptions()
        common.json = false
        common.verbose = false
        common.now = nil
        common.record = nil
        common.storage = storage
        return common
    }
}

extension ParsableCommand {
    /// Runs the command `quickly` reads from the command line, after its `validate()`, as the parser
    /// runs it (none of the option groups the quick lines hold has a `validate()` of its own);
    /// where it reads none, runs the program through the parser (`mainSayingErrorsInOneLine`).
    public static func main(
        arguments: [String] = SeedOption.arguments(),
        readingQuickly quickly: (QuickLine) -> (any ParsableCommand)?
    ) {
        guard let line = QuickLine(arguments), var command = quickly(line) else {
            return mainSayingErrorsInOneLine(arguments: arguments)
        }
        do {
            try command.validate()
            try command.run()
        } catch {
            exitSayingInOneLine(error)
        }
    }
}
