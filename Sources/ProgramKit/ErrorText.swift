import Foundation

/// What went wrong with a file, in words a person reads on one line: the system's reason
/// ("No such file or directory") rather than Foundation's domain and code.
public func describe(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    switch CocoaError.Code(rawValue: error.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
    case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
    case .fileWriteOutOfSpace: return "No space left on device"
    case .fileWriteVolumeReadOnly: return "Read-only file system"
    default: return error.localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
