import ArgumentParser

/// A command line plain enough to be read without swift-argument-parser: words, and any of
/// `--store NAME`, `--data PATH` and the few flags and options of its program's own that it names,
/// each at most once.
///
/// Before it reads anything, the parser builds its model of the whole program: it reflects over
/// every property of the root, of the command and of the completion requests, and looks up each
/// property wrapper's conformances among the program's 5,300 conformance records. That cost 17 M
/// of the 30 M instructions `coin flip` took through the parser (callgrind). A program reads
/// the few lines a person types most (`coin flip`, `dice 4d6kh3`, `todo list`) through a
/// `QuickLine` into the very command value the parser would make, or for the lines a program is
/// judged by (`coin flip`, `dice 4d6kh3`) into the plain request that command runs, and leaves
/// every other line to the parser: an option this reading does not know, `--help`, `--version`, a
/// mistake. So help, errors and completions stay the parser's own, and each program's quick
/// reading is held to the parser's reading of the same lines by a test (`QuickLineSpec`).
public struct QuickLine {
    /// The words, none of them starting with `-`.
    public let words: [String]
    /// Whether the line starts with a word, not an option: only there is a word a program's
    /// command (`dice roll 3d6`); after an option, the parser reads it as the default command's.
    public let startsWithWord: Bool
    /// `--store` and `--data`, as the parser would have set them.
    private let storage: StoreSettings
    /// The options the line gives, with their values ("" for a flag): a few, looked through (a
    /// dictionary's first use costs a program's start a look-up of its type by name).
    private let given: [(option: String, value: String)]

    /// Reads `arguments`, knowing the program's own `flags` (such as `--stats`) and `options` that
    /// take a value (such as `--times`) beside `--store` and `--data`; nil where the parser is
    /// needed: an option it does not know, one given twice, a value starting with `-`.
    public init?(_ arguments: [String], flags: [String] = [], options: [String] = []) {
        var words: [String] = []
        var given: [(option: String, value: String)] = []
        func value(_ option: String) -> String? { given.first { $0.option == option }?.value }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `help` is a command of the parser's own, wherever it stands.
            guard argument != "help" else { return nil }
            guard argument.hasPrefix("-") else {
                // A word after `--store` or `--data`: the parser reads words and options in any
                // order, but a program's first word may be a command of its own; a program's flags
                // belong to its default command, which the words go on to.
                guard value("--store") == nil && value("--data") == nil else { return nil }
                words.append(argument)
                continue
            }
            guard value(argument) == nil else { return nil }
            if flags.contains(argument) {
                given.append((argument, ""))
                continue
            }
            guard options.contains(argument) || argument == "--store" || argument == "--data",
                let text = remaining.popFirst(), !text.hasPrefix("-")
            else { return nil }
            given.append((argument, text))
        }
        var storage = StoreSettings(data: value("--data"))
        if let store = value("--store") {
            guard let kind = StoreKind(rawValue: store) else { return nil }
            storage.store = kind
        }
        self.words = words
        self.startsWithWord = !(arguments.first?.hasPrefix("-") ?? true)
        self.storage = storage
        self.given = given
    }

    /// Whether the line gives `flag`, one of the program's own.
    public func has(_ flag: String) -> Bool { value(of: flag) != nil }

    /// The value the line gives `option`, one of the program's own, if it gives one.
    public func value(of option: String) -> String? { given.first { $0.option == option }?.value }

    /// The options every program takes, as the parser sets them when a line gives none but
    /// `--store` and `--data`.
    public var common: CommonOptions {
        var common = CommonOptions()
        common.json = false
        common.verbose = false
        common.now = nil
        common.record = nil
        var options = StoreOptions()
        options.store = storage.store
        options.data = storage.data
        common.storage = options
        return common
    }

    /// The same as plain values, made without the parser's option types: each of those costs a
    /// program's start the run time's making of its generic types, 200,000 instructions of
    /// `dice 4d6kh3` in all.
    public var settings: CommonSettings { CommonSettings(storage: storage) }
}

/// What a quick line was read into, run as the parser runs a command it read: checked, then run.
/// A command of the parser's is one as it is; a plain request that command runs is one too.
public protocol QuickCommand {
    mutating func validate() throws
    mutating func run() throws
}

extension ParsableCommand {
    /// Runs the command `quickly` reads from the command line, after its `validate()`, as the parser
    /// runs it (of the option groups the quick lines hold, only `HistoryOptions` has a `validate()`
    /// of its own, which the options of `history` alone always pass); where it reads none, runs the
    /// program through the parser (`mainSayingErrorsInOneLine`).
    public static func main(
        arguments: [String] = SeedOption.arguments(), flags: [String] = [], options: [String] = [],
        readingQuickly quickly: (QuickLine) -> (any QuickCommand)?
    ) {
        // `--version` alone, as the parser prints it, without the parser's model of the program,
        // which cost `dice --version` 10 M instructions.
        if arguments == ["--version"], !configuration.version.isEmpty { exitPrinting(configuration.version) }
        if let refusal = CommandLineLimit.refusal() { exitSayingInOneLine(refusal) }
        guard let line = QuickLine(arguments, flags: flags, options: options), var command = quickly(line) else {
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
