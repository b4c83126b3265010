import Essentials
import Fractal

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

/// What a rewrite leaves when its process dies before it renames the new file into place:
/// `<store>.new-<process id>-<random letters>` (`<store>.new-<process id>` before the letters
/// were added), and for SQLite that file's `-wal`, `-shm` and `-journal`. A writer removes those
/// of processes no longer running; a running one may still be making its file.
enum CrashLeftovers {
    static func remove(beside path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".new-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard ["", "-wal", "-shm", "-journal"].contains(withoutLetters(rest.dropFirst(digits.count))),
                let process = Int32(digits), !isRunning(process)
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

    private static func isRunning(_ process: Int32) -> Bool {
        process == getpid() || kill(process, 0) == 0 || errno == EPERM
    }
}
