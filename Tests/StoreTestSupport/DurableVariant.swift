import Fractal
import Stores

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store variants that keep their data outside the program: in a file, or on a server.
public enum DurableVariant: String, CaseIterable, Sendable {
    case disk
    case sqlite
    case postgres

    /// The PostgreSQL server the tests may use, from `APPCORE_TEST_POSTGRES` (a URL such as
    /// `Tests/postgres-server start` prints), or nil where none is given.
    public static var postgresURL: String? {
        getenv("APPCORE_TEST_POSTGRES").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The variants this machine can test: PostgreSQL only when `APPCORE_TEST_POSTGRES` names a
    /// server, so that the rest still runs where there is none.
    public static var available: [DurableVariant] {
        postgresURL == nil ? [.disk, .sqlite] : allCases
    }

    /// The variants that keep their data in a file, for the specifications of files.
    public static var files: [DurableVariant] { [.disk, .sqlite] }

    /// Whether the store lives in the file at its path, rather than on a server.
    public var isFile: Bool { self != .postgres }

    /// Opens the store at `path`: a file, or for PostgreSQL the store named `path` on the test
    /// server, so that each test's temporary folder names a store of its own.
    public func open<State: StoredState>(
        at path: String, initial: State, warn: @escaping StoreWarning = warnOnStandardError
    ) throws -> Store<State> {
        switch self {
        case .disk: try createDiskStore(at: path, initial: initial, warn: warn)
        case .sqlite: try createSQLiteStore(at: path, initial: initial, warn: warn)
        case .postgres:
            try createPostgresStore(
                url: Self.postgresURL ?? "postgresql://", name: path, initial: initial, warn: warn)
        }
    }
}
