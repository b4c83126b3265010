#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The three standard descriptors, kept out of reach of the files a program opens. Started with
/// one of them closed (`todo list >&-`), a program would otherwise open its store on descriptor
/// 1, and what it prints would land in the store's files.
public enum StandardStreams {
    /// Opens `/dev/null` read-only on each standard descriptor that is closed: a read finds
    /// nothing and a write fails (and is reported as one), as it would on the closed one.
    public static func reserveClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
