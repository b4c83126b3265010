#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The program's environment variables, read once. `ProcessInfo` builds a new dictionary of them
/// all at every call, and the parts of a run that each read a few would build it three times.
public enum ProcessEnvironment {
    public static let variables = ProcessInfo.processInfo.environment
}
