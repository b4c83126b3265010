import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few system calls the disk store makes, each turning a failure into a `StoreError` that
/// names the file and the operation.
enum POSIXFile {
    /// Opens the file; one it creates is private (`privateMode`) unless `mode` says otherwise.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = privateMode) throws -> Int32 {
        let descriptor = path.withCString { systemOpen($0, flags | O_CLOEXEC, mode) }
        guard descriptor >= 0 else { throw failure(path, "open") }
        return descriptor
    }

    /// Opens the file for reading and writing or, where it may not be written (a read-only
    /// folder or disk), for reading alone: a store that cannot be written can still be read.
    /// A link at the path is refused (`ELOOP`): the store's own paths are never links.
    static func openForUpdate(_ path: String, _ flags: Int32 = 0, mode: mode_t = privateMode) throws -> (
        descriptor: Int32, writable: Bool
    ) {
        do {
            return (try open(path, O_RDWR | O_NONBLOCK | O_NOFOLLOW | flags, mode: mode), true)
        } catch let error where errno == EROFS || errno == EACCES {
            guard let descriptor = try? open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW) else { throw error }
            return (descriptor, false)
        }
    }

    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Takes the lock, waiting for another program to let go of it as long as `patience` says.
    static func lock(
        _ descriptor: Int32, exclusive: Bool, path: String, patience: LockPatience, warn: StoreWarning
    ) throws {
        try patience.wait(for: path, warn: warn) {
            while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
                if errno == EWOULDBLOCK { return false }
                guard errno == EINTR else { throw failure(path, "lock") }
            }
            return true
        }
    }

    static func unlock(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }

    /// Whether a file is at the path; false when nothing is. Anything else there is refused with
    /// one look (`lstat`), before it is opened: a folder, a FIFO, a device (a store is only ever
    /// a file, and opening a FIFO would wait for a writer for ever); a link (the store's own paths
    /// are resolved first, so a link there was planted, and following it would write elsewhere);
    /// and a file another user put in a folder anyone may write (`refuseOthers`).
    static func isFile(_ path: String) throws -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw failure(path, "examine")
        }
        try refuseOthers(path, info)
        guard info.st_mode & S_IFMT != S_IFLNK else {
            throw StoreError.unreadable(
                path: path, reason: "it is a link, and a file beside a store is never written through one")
        }
        let kinds: [(mode_t, String)] = [
            (S_IFDIR, "a folder"), (S_IFIFO, "a FIFO"), (S_IFCHR, "a device"), (S_IFBLK, "a device"),
            (S_IFSOCK, "a socket"),
        ]
        if let kind = kinds.first(where: { info.st_mode & S_IFMT == $0.0 }) {
            throw StoreError.unreadable(path: path, reason: "it is \(kind.1), not a file")
        }
        return true
    }

    /// The file's identity and size, or nil when no file is at the path.
    static func status(_ path: String) throws -> (identity: FileIdentity, size: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "examine")
        }
        return (FileIdentity(info), Int(info.st_size))
    }

    static func status(of descriptor: Int32, path: String) throws -> (identity: FileIdentity, size: Int) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path, "examine") }
        return (FileIdentity(info), Int(info.st_size))
    }

    /// The bytes from `offset` to `end`, read straight into the array returned: neither zeroed
    /// first nor copied after, which for a store of 30 MB cost ten times what reading it does.
    static func read(_ descriptor: Int32, from offset: Int, to end: Int, path: String) throws -> [UInt8] {
        guard end > offset else { return [] }
        let bytes = try read(descriptor, atMost: end - offset, from: offset, path: path)
        guard bytes.count == end - offset else { throw failure(path, "read", "the file ended early") }
        return bytes
    }

    /// Up to `count` bytes from `offset`, fewer where the file ends first (for the few bytes of a
    /// side file, read without first asking the file's size, a call more each time), read straight
    /// into the array returned.
    static func read(_ descriptor: Int32, atMost count: Int, from offset: Int, path: String) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            guard let start = buffer.baseAddress else { return }
            while done < buffer.count {
                let read = pread(descriptor, start + done, buffer.count - done, off_t(offset + done))
                if read < 0 && errno == EINTR { continue }
                guard read >= 0 else { throw failure(path, "read") }
                guard read > 0 else { return }
                done += read
            }
        }
    }

    static func write(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int, path: String) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { unwritten in
                pwrite(descriptor, unwritten.baseAddress, unwritten.count, off_t(offset + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure(path, "write") }
            done += count
        }
    }

    static func truncate(_ descriptor: Int32, to size: Int, path: String) throws {
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw failure(path, "truncate") }
    }

    /// Waits until the file's data is on the disk itself.
    static func sync(_ descriptor: Int32, path: String) throws {
        guard fsync(descriptor) == 0 else { throw failure(path, "sync") }
    }

    /// Waits until the folder's entries (a rename, a new file) are on the disk itself.
    static func syncFolder(of path: String) throws {
        let descriptor = try open(folder(of: path), O_RDONLY)
        defer { close(descriptor) }
        try sync(descriptor, path: folder(of: path))
    }

    /// Runs `body` holding the lock of the folder `path` is in (`flock` on the folder itself).
    /// Programs making a store that is not there yet take it, so that one program's look for the
    /// store and what it does on finding none are never interleaved with another's.
    static func holdingFolderLock<Result>(of path: String, _ body: () throws -> Result) throws -> Result {
        let descriptor = try open(folder(of: path), O_RDONLY)
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure(folder(of: path), "lock") }
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Whether the file is on a disk mounted read-only, where nobody can change it.
    static func isOnReadOnlyDisk(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    static func folder(of path: String) -> String {
        // Everything before the last slash, cut rather than split and joined again: the generic
        // `joined(separator:)` looked up its types at run time, 0.27 M instructions a program.
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        return folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder
    }

    /// Writes a new file at `path` holding `bytes` and syncs it; on failure no file is left.
    ///
    /// The file is made anew (`O_EXCL`, `O_NOFOLLOW`): whatever is at the path already, a link
    /// another user planted in a folder others may write, say, is never written through; the
    /// file is refused instead.
    static func create(_ path: String, holding bytes: [UInt8], mode: mode_t = privateMode) throws {
        let descriptor = try open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: mode)
        // The mode asked for, whatever the umask: a store shared by a group stays shared.
        guard fchmod(descriptor, mode) == 0 else {
            let error = failure(path, "create")
            close(descriptor)
            try? remove(path)
            throw error
        }
        do {
            defer { close(descriptor) }
            try write(descriptor, bytes, at: 0, path: path)
            try sync(descriptor, path: path)
        } catch {
            try? remove(path)
            throw error
        }
    }

    /// `create(_:holding:mode:)` of `temporary`, a file made beside the store at `path` to be put
    /// in its place: what fails is said of the store, as no new file can be made in its folder,
    /// not of a name the person never gave.
    static func create(_ temporary: String, beside path: String, holding bytes: [UInt8], mode: mode_t = privateMode)
        throws
    {
        do {
            try create(temporary, holding: bytes, mode: mode)
        } catch StoreError.failed(_, _, let reason) {
            let said = "no new file can be made in its folder (\(reason))"
            throw StoreError.failed(path: path, operation: "write", reason: said)
        }
    }

    static func rename(_ source: String, to destination: String) throws {
        guard systemRename(source, destination) == 0 else { throw failure(destination, "replace") }
    }

    /// Removes the file; no file there is not an error.
    static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure(path, "remove") }
    }

    /// The user this program acts as, asked once: a store's opening looks at the owner of each of
    /// its files, a system call each time otherwise.
    static let effectiveUser = geteuid()

    /// What a store's new files are: read and written by their owner alone.
    static var privateMode: mode_t { 0o600 }

    /// The permissions of the file at `path` (read, write, run for owner, group, others).
    static func permissions(_ path: String) throws -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(path, "examine") }
        return info.st_mode & 0o777
    }

    /// Refuses a file or link at `path` that another user could have put there for this program
    /// to write or follow: in a folder anyone may write (as `/tmp`), one owned by neither this
    /// user nor the folder's owner, as the system's `protected_symlinks` and `protected_regular`
    /// refuse where they are on. Nothing at the path is not refused.
    static func refuseOthers(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw failure(path, "examine")
        }
        try refuseOthers(path, info)
    }

    /// The same, for the file at `path` as `lstat` found it: the folder is looked at only for a
    /// file that is not this user's.
    private static func refuseOthers(_ path: String, _ info: stat) throws {
        guard info.st_uid != effectiveUser else { return }
        var folder = stat()
        guard stat(Self.folder(of: path), &folder) == 0, folder.st_mode & S_IWOTH != 0, info.st_uid != folder.st_uid
        else { return }
        let kind = info.st_mode & S_IFMT == S_IFLNK ? "a link" : "a file"
        throw StoreError.unreadable(
            path: path,
            reason: "it is \(kind) of another user (uid \(info.st_uid)) in a folder anyone may write, which a store "
                + "never writes or follows")
    }

    /// Refuses a store's file that has other names (hard links): programs reaching it by each
    /// would take different locks and split it. A name the store itself links while it makes the
    /// file (`STORE.new-…`, for a moment) is not another's: that name may be seen, or be gone by
    /// the time the folder is read, and then the file is looked at again.
    static func refuseOtherNames(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_nlink > 1 else { return }
        let own = newFilePrefix(beside: path)
        var sibling = stat()
        let making = FolderNames.of(folder(of: path)).contains { name in
            name.hasPrefix(own) && lstat(folder(of: path) + "/" + name, &sibling) == 0 && sibling.st_ino == info.st_ino
        }
        guard !making || info.st_nlink > 2 else { return }
        var now = stat()
        guard lstat(path, &now) == 0, now.st_ino == info.st_ino, now.st_nlink > 1 else { return }
        throw StoreError.unreadable(
            path: path,
            reason: "it has \(now.st_nlink) names (hard links), and programs reaching a store by different names "
                + "would take different locks; keep one name, and a symbolic link for the others")
    }

    /// The file a store's path names, once for all: where the path's last part is a link (to
    /// a store in a synced folder, say), the file the link leads to, so that every program that
    /// reaches the store by any name takes the same lock and replaces the file, not the link.
    static func resolvingLink(_ path: String) throws -> String {
        try refuseOthers(path)
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            if errno == ENOENT {
                throw StoreError.unreadable(
                    path: path,
                    reason: "it is a link to a file that is not there, and a store is never made through a link")
            }
            throw failure(path, "follow the link")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// How the name of every file made beside the store at `path` to take its place starts:
    /// `STORE.new-`, then what `unguessableName(beside:)` adds.
    static func newFilePrefix(beside path: String) -> String {
        "\(path.split(separator: "/").last ?? "").new-"
    }

    /// A name no other user can guess, for a file made beside a store: the process, for
    /// `CrashLeftovers`, then random letters.
    static func unguessableName(beside path: String) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let letters = (0..<12).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] }
        return "\(path).new-\(getpid())-\(String(letters))"
    }

    /// Where the open file is now, as the system says (`/proc/self/fd`): a file moved keeps
    /// its descriptor. Nil where no name leads to it any more, or the system cannot say.
    static func currentName(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let name = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.hasSuffix(" (deleted)") ? nil : name  // removed: no name leads to it
    }

    /// Where the file is now that one of this process's descriptors holds open (SQLite's, say,
    /// which it does not give out), found by its identity.
    static func currentName(of file: FileIdentity) -> String? {
        var info = stat()
        let open = FolderNames.of("/proc/self/fd").compactMap(Int32.init)
        guard let descriptor = open.first(where: { fstat($0, &info) == 0 && FileIdentity(info) == file }) else {
            return nil
        }
        return currentName(of: descriptor)
    }

    private static func failure(_ path: String, _ operation: String, _ reason: String? = nil) -> StoreError {
        .failed(path: path, operation: operation, reason: reason ?? String(cString: strerror(errno)))
    }
}

/// Which file a path names: it changes when the file is replaced by a rename.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    init(device: UInt64, inode: UInt64) {
        (self.device, self.inode) = (device, inode)
    }
}

#if canImport(Glibc)
    private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Glibc.open(path, flags, mode)
    }
    private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
    private func systemRename(_ source: String, _ destination: String) -> Int32 { Glibc.rename(source, destination) }
#elseif canImport(Darwin)
    private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Darwin.open(path, flags, mode)
    }
    private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
    private func systemRename(_ source: String, _ destination: String) -> Int32 { Darwin.rename(source, destination) }
#endif

/// The names in a folder, read with the system's own calls (no Foundation on this path).
enum FolderNames {
    static func of(_ folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
                })
        }
        return names
    }
}
