#if canImport(Glibc)
    import Glibc
#elseif canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The program's environment variables, each read when asked for, as the C library's `getenv`
/// reads it: a value may hold `=`, and of a name given twice the first value counts.
///
/// Not a dictionary of them all: `ProcessInfo.environment` cost 700,000 instructions for thirty
/// variables (callgrind, `coin flip`), and a dictionary of our own still cost 350,000, most of it
/// the first look-up of the dictionary's generic type by its name, for the five a program reads.
public struct ProcessEnvironment: Sendable {
    /// The variables a caller gave, or nil for the process's own.
    private let given: [String: String]?

    /// The process's own.
    public static let current = ProcessEnvironment(given: nil)

    /// Exactly `variables`, for a caller that says what the environment holds.
    public init(_ variables: [String: String]) {
        given = variables
    }

    private init(given: [String: String]?) {
        self.given = given
    }

    /// The value of the variable `name`, or nil where it is not set.
    public subscript(name: String) -> String? {
        if let given { return given[name] }
        #if canImport(Glibc)
            return getenv(name).map { String(cString: $0) }
        #else
            return ProcessInfo.processInfo.environment[name]
        #endif
    }
}
