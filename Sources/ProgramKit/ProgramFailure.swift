import AppCore
import ArgumentParser

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A failure a program reports: one clear line on stderr and its exit status.
public struct ProgramFailure: Error, CustomStringConvertible {
    public let description: String
    public let exit: ProgramExit

    public init(_ description: String, exit: ProgramExit) {
        self.description = description
        self.exit = exit
    }
}

/// Runs a command's body and flushes what it printed; a `ProgramFailure` becomes `Error: …` on
/// stderr, one line with anything it quotes escaped, and its exit status.
public func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
        try StandardOutput.finish()
    } catch let failure as ProgramFailure {
        report(failure)
        throw ExitCode(failure.exit.rawValue)
    }
}

/// Writes `Error: …` on stderr, as one line.
public func report(_ failure: ProgramFailure) {
    StandardError.line("Error: \(TerminalText.escaped(failure.description))")
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
