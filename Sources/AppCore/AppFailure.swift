/// What every feature's failure says about itself, so that a program can choose an exit status
/// without knowing the feature.
public protocol AppFailure: Error, CustomStringConvertible {
    var kind: FailureKind { get }
}

public enum FailureKind: Sendable {
    /// The request itself was wrong: a count out of range, a malformed expression.
    case invalidRequest
    /// The request named something that does not exist.
    case notFound
    /// Data handed in could not be read: a malformed file to import.
    case dataError
    /// The store could not keep the change.
    case storage
    /// What the store holds could not be read: its failure's description says why, and the program
    /// names the store.
    case unreadable
}

/// A feature's answer, which may say that its command failed: a program turns that into its own
/// error, once, for every feature (see `Session.send` in ProgramKit).
public protocol FailingAnswer {
    /// Why the command failed, or nil for an answer that is no failure.
    var failure: (any AppFailure)? { get }
}
