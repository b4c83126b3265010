import CLibPQ
import Essentials
import Fractal

/// libpq, opened the first time a program connects to a PostgreSQL server, and kept open.
///
/// A program that never uses a PostgreSQL store never loads it (see `Sources/CLibPQ/shim.h`).
enum LibPQ {
    /// libpq's entry points, or what the system's loader said when libpq could not be opened:
    /// not installed, not a library, or without one of them.
    static let entryPoints: Result<appcore_libpq, Unavailable> = {
        // Filled in by C, through a pointer: its fields are function pointers that are never
        // null, so Swift has no empty value of it to start from.
        let found = UnsafeMutablePointer<appcore_libpq>.allocate(capacity: 1)
        defer { found.deallocate() }
        if let problem = appcore_open_libpq(found) { return .failure(Unavailable(reason: String(cString: problem))) }
        return .success(found.pointee)
    }()

    struct Unavailable: Error {
        let reason: String
    }
}
