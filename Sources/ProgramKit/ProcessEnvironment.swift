#if canImport(Glibc)
    import Glibc
#elseif canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The program's environment variables, read once.
///
/// On Linux they are read straight from `environ`: `ProcessInfo.environment` cost 700,000
/// instructions for thirty variables (callgrind, `coin flip`), a twentieth of the whole run, and it
/// builds a new dictionary at every call.
public enum ProcessEnvironment {
    public static let variables: [String: String] = {
        #if canImport(Glibc)
            var variables: [String: String] = [:]
            var entry = environ
            while let pointer = entry.pointee {
                let text = String(cString: pointer)
                // The first `=` ends the name, as getenv reads it; an entry without one is skipped.
                if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(text[..<equals])
                    // The first of a name given twice wins, as getenv (and so libpq) finds it;
                    // ProcessInfo kept the last.
                    if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
                }
                entry += 1
            }
            return variables
        #else
            return ProcessInfo.processInfo.environment
        #endif
    }()
}
