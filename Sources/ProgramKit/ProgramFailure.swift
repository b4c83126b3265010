import AppCore
import ArgumentParser
import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A failure a program reports: one clear line on stderr and its exit status.
public struct ProgramFailure: Error, CustomStringConvertible {
    public let description: String
    public let exit: ProgramExit
    /// For standard output that could not be written, the start of what was lost (else empty).
    public let unwritten: String

    public init(_ description: String, exit: ProgramExit, unwritten: String = "") {
        self.description = description
        self.exit = exit
        self.unwritten = unwritten
    }
}

/// Runs a command's body and flushes what it printed; a `ProgramFailure` becomes `Error: …` on
/// stderr, one line with anything it quotes escaped, and its exit status. An answer that could
/// not be written after the store kept a change says that it was kept, and what it was, so that
/// no one makes it again.
public func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
        try StandardOutput.finish()
    } catch let failure as ProgramFailure {
        if let unknown = KeptChanges.outcomeUnknown {
            report(ProgramFailure(unknown.description, exit: .outcomeUnknown))
            throw ExitCode(ProgramExit.outcomeUnknown.rawValue)
        }
        report(failure.exit == .output && KeptChanges.any ? failure.sayingKept() : failure)
        throw ExitCode(failure.exit.rawValue)
    }
}

/// Writes `Error: …` on stderr, as one line.
public func report(_ failure: ProgramFailure) {
    StandardError.line("Error: \(TerminalText.escaped(failure.description.longWordsCut))")
}

extension ProgramFailure {
    /// A feature's failure, with the exit status its kind calls for.
    public init(_ failure: some AppFailure) {
        let exit: ProgramExit =
            switch failure.kind {
            case .invalidRequest: .usage
            case .notFound: .notFound
            case .dataError, .storage, .unreadable: .data
            }
        self.init(failure.description, exit: exit)
    }
}

extension ProgramFailure {
    /// This failure to write standard output, saying that the command's change was kept all the
    /// same, and the start of the answer that was lost, on the same line, short and escaped.
    func sayingKept() -> ProgramFailure {
        let lines = unwritten.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        let answer = lines.joined(separator: " / ")
        let shown = answer.count > Self.answerShown ? answer.prefix(Self.answerShown) + "…" : answer
        return ProgramFailure(
            "\(description), but the change was kept (do not make it again)\(shown.isEmpty ? "" : ": " + shown)",
            exit: exit)
    }

    /// How many characters of a lost answer an error shows.
    private static let answerShown = 200
}
