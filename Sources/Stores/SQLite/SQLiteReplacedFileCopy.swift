import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A copy of a database that another file replaced at the store's path (a backup restored by
/// `mv`, say) while this program had it open, made before this program lets go of it: once the
/// last program holding it closes it, no name leads to what it held, nor to the changes its log
/// held, which the file now at the path may lack.
enum SQLiteReplacedFileCopy {
    /// Where the copy of `file` is kept: beside the store, named by the file and the last change
    /// the mark says was kept in it, so that every program that held it open finds the one copy
    /// the first of them made. (An inode is used again once its file is gone: with the change's
    /// number, a copy kept from an earlier restore is not taken for this one's.)
    static func path(of file: FileIdentity, at mark: SQLiteLogMark, beside path: String) -> String {
        "\(path).replaced-\(file.inode)-\(mark.sequence)"
    }

    /// Copies what `connection` reads, the database and its log as one, into a new file beside
    /// `path`, synced; returns where, or nil when a copy was made already or none could be.
    static func make(
        from connection: SQLiteConnection, of file: FileIdentity, at mark: SQLiteLogMark, beside path: String
    ) -> String? {
        let copy = Self.path(of: file, at: mark, beside: path)
        // Made first, empty and private, as `VACUUM INTO` writes a file it makes with SQLite's
        // own mode, readable by all; one there already was made by another program.
        guard (try? POSIXFile.create(copy, holding: [])) != nil else { return nil }
        do {
            try connection.execute("VACUUM INTO '\(copy.replacing("'", with: "''"))'")
            // Written with a journal of its own, as a database new to SQLite is: made to keep a
            // log as the store does, so that put back in its place it is the store as it was.
            try SQLiteConnection(path: copy).execute("PRAGMA journal_mode = WAL")
            // SQLite does not sync what `VACUUM INTO` wrote.
            let descriptor = try POSIXFile.open(copy, O_RDONLY)
            defer { POSIXFile.close(descriptor) }
            try POSIXFile.sync(descriptor, path: copy)
            try POSIXFile.syncFolder(of: copy)
            return copy
        } catch {
            try? POSIXFile.remove(copy)
            return nil
        }
    }
}
