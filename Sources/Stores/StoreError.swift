import Essentials
import Fractal

/// Why a durable store could not read or keep its data. Each names the file and what is wrong.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file is there but is not a store this program can read; it is left untouched.
    case unreadable(path: String, reason: String)
    /// The file was written by a newer version of the store format.
    case newerFormat(path: String, found: Int, newestKnown: Int)
    /// The operating system or the database refused an operation.
    case failed(path: String, operation: String, reason: String)
    /// A record larger than the store reads back was refused before anything was written.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The path names another file than the one the change was kept in: the store was replaced
    /// (moved, restored from a copy) while the program wrote. `keptIn` says where the change
    /// went, in words: the file replaced, where it is now, or its log.
    case replaced(path: String, keptIn: String)
    /// The change went to be kept, and what would say whether it was never came: a connection
    /// lost after `COMMIT` was sent, or a change written whole whose sync the disk failed (it is
    /// in the file, and others read it, but it may not outlast a crash). It may be kept or not,
    /// and only a look can tell.
    case outcomeUnknown(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the store at \(path): \(reason). It was left untouched."
        case .newerFormat(let path, let found, let newestKnown):
            "the store at \(path) is of \(StoredVersion(number: found)), newer than this program reads "
                + "(\(StoredVersion(number: newestKnown))); use a newer version of the program. It was left untouched."
        case .failed(let path, let operation, let reason):
            "could not \(operation) the store at \(path): \(reason)"
        case .tooLarge(let path, let bytes, let limit):
            "the store at \(path) would have to keep a record of \(bytes) bytes, more than the \(limit) it reads "
                + "back, so nothing was written"
        case .outcomeUnknown(let path, let reason):
            "cannot tell whether the change was kept in the store at \(path): \(reason); look at the store before "
                + "making it again"
        case .replaced(let path, let keptIn):
            "the store at \(path) was replaced by another file while the change was being kept: it went to "
                + "\(keptIn), and is in the file there now only if that was copied after; look before making it again"
        }
    }
}

extension StoreError {
    /// What went wrong, without the store's name: for an error that becomes part of another.
    var reason: String {
        switch self {
        case .unreadable(_, let reason): reason
        case .failed(_, let operation, let reason): "could not \(operation) it: \(reason)"
        case .outcomeUnknown(_, let reason): reason
        case .newerFormat, .tooLarge, .replaced: description
        }
    }

    /// A change written whole, whose sync failed: the file holds it, and every reader sees it,
    /// but the disk did not say it will outlast a crash. Saying "not kept" would be untrue (and
    /// have it made twice); saying "kept" could be too.
    static func syncFailed(path: String, reason: String) -> StoreError {
        .outcomeUnknown(
            path: path,
            reason: "it was written, but the disk did not confirm it will last (\(reason)), so it may be there now "
                + "and lost after a crash")
    }

    /// Runs a read of a record of the store at `path`: what fails in it is a record that does
    /// not hold what this program wrote.
    static func reading<Value>(_ path: @autoclosure () -> String, _ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch {
            throw StoreError.unreadable(
                path: path(), reason: "a record does not hold what this program wrote (\(oneLine(error)))")
        }
    }

    /// A change kept in the store at `path` that its state now refuses.
    static func refused(change error: any Error, path: String) -> StoreError {
        .unreadable(path: path, reason: "a kept change no longer applies (\(oneLine(error)))")
    }

    /// An error as one line of words: a decoding error says what it found, not how it is built.
    static func oneLine(_ error: any Error) -> String {
        let words: String
        switch error as? DecodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            words = context.debugDescription
        default:
            words = String(describing: error)
        }
        return words.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
