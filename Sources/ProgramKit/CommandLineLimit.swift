import ArgumentParser

/// The most words a program's command line may hold, checked before any is read. The argument
/// parser's time grows with the square of their number (a `todo list` of 16,000 filter words took
/// 90 s), so a command line of a hundred thousand words would hold a program for hours; no command
/// needs more than this (a title is 1,000 characters, a filter 50 parentheses deep).
public enum CommandLineLimit {
    public static let words = 1_000

    /// A usage error for a command line longer than the limit; nil for one within it. The words
    /// are counted as typed, before a program reorders or joins them (`todo ID… modify`).
    static func refusal() -> ValidationError? {
        let count = CommandLine.arguments.count - 1
        guard count > words else { return nil }
        return ValidationError(
            "the command line holds \(count) words, and a command takes at most \(words); "
                + "give fewer at a time (xargs -n 900)")
    }
}
