import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a durable store says something went wrong that did not stop it: housekeeping that failed
/// after a change was already kept, or damage it set aside. One line, without the "Warning: ".
public typealias StoreWarning = @Sendable (String) -> Void

/// The warning a program gets unless it passes its own: one line "Warning: …" on standard error.
public let warnOnStandardError: StoreWarning = { message in
    let line = Array("Warning: \(message)\n".utf8)
    line.withUnsafeBytes { bytes in
        var done = 0
        while done < bytes.count {
            let count = write(2, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }  // nowhere left to say it
            done += count
        }
    }
}
