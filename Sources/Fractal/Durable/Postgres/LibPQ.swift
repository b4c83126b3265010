import CLibPQ

/// libpq, opened the first time a program connects to a PostgreSQL server, and kept open.
///
/// A program that never uses a PostgreSQL store never loads it (see `Sources/CLibPQ/shim.h`).
enum LibPQ {
    /// libpq's entry points, or what the system's loader said when libpq could not be opened:
    /// not installed, or without one of them.
    static let entryPoints: Result<appcore_libpq, Missing> = {
        let found = UnsafeMutablePointer<appcore_libpq>.allocate(capacity: 1)
        defer { found.deallocate() }
        if let problem = appcore_open_libpq(found) { return .failure(Missing(reason: String(cString: problem))) }
        return .success(found.pointee)
    }()

    struct Missing: Error {
        let reason: String
    }
}
