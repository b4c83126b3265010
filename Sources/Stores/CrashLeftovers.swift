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
        let prefix = (path.split(separator: "/").last.map(String.init) ?? path) + ".new-"
        for name in FolderNames.of(folder) where name.hasPrefix(prefix) {
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
