/// Why a durable store could not read or keep its data. Each names the file and what is wrong.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file is there but is not a store this program can read; it is left untouched.
    case unreadable(path: String, reason: String)
    /// The file was written by a newer version of the store format.
    case newerFormat(path: String, found: Int, newestKnown: Int)
    /// The operating system or the database refused an operation.
    case failed(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the store at \(path): \(reason). It was left untouched."
        case .newerFormat(let path, let found, let newestKnown):
            "the store at \(path) has format version \(found), newer than this program reads (\(newestKnown)); "
                + "use a newer version of the program. It was left untouched."
        case .failed(let path, let operation, let reason):
            "could not \(operation) the store at \(path): \(reason)"
        }
    }
}
