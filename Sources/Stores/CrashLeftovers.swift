import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a rewrite leaves when its process dies before it renames the new file into place:
/// `<store>.new-<process id>-<random letters>` (`<store>.new-<process id>` before the letters
/// were added), and for SQLite that file's `-wal`, `-shm` and `-journal`. A writer removes those
/// of processes no longer running; a running one may still be making its file.
enum CrashLeftovers {
    // The folder is listed with the system's own calls: Foundation's `FileManager` and `URL` cost
    // the first change of every program 0.7 M instructions, a tenth of a `coin flip`.
    static func remove(beside path: String) {
        let folder = POSIXFile.folder(of: path)
        let prefix = POSIXFile.newFilePrefix(beside: path)
        for name in FolderNames.of(folder) where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard ["", "-wal", "-shm", "-journal"].contains(withoutLetters(rest.dropFirst(digits.count))),
                let process = Int32(digits), Self.couldBeAProcess(process), !isRunning(process)
            else { continue }
            try? POSIXFile.remove(folder + "/" + name)
        }
    }

    /// What follows the random letters of a name, if it has them.
    private static func withoutLetters(_ rest: Substring) -> Substring {
        guard rest.hasPrefix("-") else { return rest }
        let letters = rest.dropFirst().prefix(while: { $0.isASCII && ($0.isLowercase || $0.isNumber) })
        return letters.count == 12 ? rest.dropFirst(1 + letters.count) : rest
    }

    /// Whether `number` could name a process here: up to the system's largest process id, so that
    /// a file that only looks like a leftover (`STORE.new-20261126`, a copy dated by hand) is kept.
    private static func couldBeAProcess(_ number: Int32) -> Bool {
        number > 0 && number <= largestProcessID
    }

    /// Linux says it in `/proc/sys/kernel/pid_max`; 4,194,304 is the most it may say. Read once,
    /// at the first name that looks like a leftover.
    private static let largestProcessID: Int32 = {
        let descriptor = open("/proc/sys/kernel/pid_max", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 4_194_304 }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        let said = count > 0 ? String(decoding: bytes[..<count], as: UTF8.self).trimmingWhitespace() : ""
        return Int32(said) ?? 4_194_304
    }()

    private static func isRunning(_ process: Int32) -> Bool {
        process == getpid() || kill(process, 0) == 0 || errno == EPERM
    }
}
