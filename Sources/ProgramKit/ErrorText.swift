#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What went wrong with a file, in words a person reads on one line: the system's reason
/// ("No such file or directory") rather than Foundation's domain and code.
public func describe(_ error: any Error) -> String {
    if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
    guard let error = error as? CocoaError else {
        return String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
    if let underlying = error.underlying as? POSIXError { return String(cString: strerror(underlying.code.rawValue)) }
    switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
    case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    default: return "error \(error.code.rawValue) of the file system"
    }
}
