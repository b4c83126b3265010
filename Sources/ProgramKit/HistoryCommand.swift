import AppCore
import ArgumentParser
import Essentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a program's `history` command shows, and how: its entries, oldest first, as one or more
/// features keep them; how to clear them; each as a line of text; all of them, newest first, as
/// the JSON object the command prints.
public struct HistoryShown<Entry: Equatable> {
    /// Every entry, oldest first.
    public let entries: (Session) throws -> [Entry]
    /// Forgets every entry.
    public let clear: (Session) throws -> Void
    /// An entry as a line of text.
    public let line: (Entry, TextStyle, LocalTime) -> String
    /// The entries, newest first, as the JSON object `--json` prints.
    public let report: ([Entry]) -> any Encodable
    /// What the text says when there are none: `No rolls yet.`
    public let none: String

    public init(
        entries: @escaping (Session) throws -> [Entry], clear: @escaping (Session) throws -> Void,
        line: @escaping (Entry, TextStyle, LocalTime) -> String, report: @escaping ([Entry]) -> any Encodable,
        none: String
    ) {
        (self.entries, self.clear, self.line, self.report, self.none) = (entries, clear, line, report, none)
    }
}

/// A program's `history` command, whose options are the history's.
public protocol HistoryCommand: ParsableCommand, QuickCommand {
    var options: HistoryOptions { get set }
}

extension HistoryCommand {
    /// `history` alone on a line, as the parser reads it (`QuickLine`).
    public static func quick(from line: QuickLine) -> Self {
        var command = Self()
        command.options = HistoryOptions(quick: line)
        return command
    }
}

/// The options of a `history` command, and what it does with them: shows the entries newest
/// first, clears them, or follows them as any program adds some.
public struct HistoryOptions: ParsableArguments {
    @Flag(help: "Forget the whole history, for good: asks first on a terminal; elsewhere give --yes.")
    public var clear = false

    @Flag(help: "With --clear: clear without asking.")
    public var yes = false

    @Flag(help: "Show the history oldest first, then each entry as any program makes it, until Ctrl-C.")
    public var watch = false

    @OptionGroup public var common: CommonOptions

    public init() {}

    /// The options of `history` alone on a line (`QuickLine`), with `--store` and `--data`, as
    /// the parser sets them: the history shown, nothing cleared or followed.
    public init(quick line: QuickLine) {
        clear = false
        yes = false
        watch = false
        common = line.common
    }

    public func validate() throws {
        if watch && (clear || common.json) { throw ValidationError("--watch shows text as it comes: give it alone") }
        if yes && !clear { throw ValidationError("--yes confirms --clear: give them together") }
    }

    /// Whether the history may be cleared: said with --yes, or answered yes on a terminal. Where
    /// no one can be asked (a script, a pipe), nothing is cleared without --yes, since nothing
    /// brings a cleared history back.
    private func clearingConfirmed() throws -> Bool {
        if yes { return true }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ProgramFailure(
                "--clear forgets the whole history for good: add --yes to clear it where no one can be asked",
                exit: .usage)
        }
        StandardError.write("Forget the whole history? It cannot be undone. [y/N] ")
        let answer = readLine()?.trimmingWhitespace().lowercased()
        return answer == "y" || answer == "yes"
    }

    public func run<Entry>(_ shown: HistoryShown<Entry>) throws {
        try reportingFailures {
            let session = try Session(options: common)
            if clear {
                guard try clearingConfirmed() else { return print("Nothing cleared.") }
                try shown.clear(session)
                if common.json { try printJSON(["cleared": true]) } else { print("History cleared.") }
            } else if watch {
                try follow(shown, in: session)
            } else {
                let newestFirst = Array(try shown.entries(session).reversed())
                if common.json {
                    try printJSON(shown.report(newestFirst))
                } else if newestFirst.isEmpty {
                    print(shown.none)
                } else {
                    let (style, time) = (TextStyle.forStandardOutput(), LocalTime())
                    for entry in newestFirst { print(shown.line(entry, style, time)) }
                }
            }
        }
    }

    /// Prints the entries no drawing before printed, oldest first, whenever the store changes.
    private func follow<Entry>(_ shown: HistoryShown<Entry>, in session: Session) throws -> Never {
        let (style, time) = (TextStyle.forStandardOutput(), LocalTime())
        var printed: [Entry] = []
        try session.watch {
            let entries = try shown.entries(session)
            for entry in entriesAdded(to: printed, in: entries) { print(shown.line(entry, style, time)) }
            printed = entries
        }
    }
}
