import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small disk of its own (a tmpfs), mounted on a temporary folder and unmounted when the test
/// lets go of it, so that a test can fill it or make it read-only. Mounting takes root; tests
/// that need it are skipped otherwise. A class, so that unmounting hangs on its lifetime.
final class SmallDisk {
    let folder: TemporaryFolder

    static var canMount: Bool {
        #if os(Linux)
            getuid() == 0
        #else
            false
        #endif
    }

    init(kilobytes: Int) throws {
        folder = try TemporaryFolder()
        try Self.mount(folder.url.path, flags: 0, options: "size=\(kilobytes)k")
    }

    deinit {
        #if os(Linux)
            _ = umount2(folder.url.path, Int32(MNT_DETACH))
        #endif
    }

    func path(_ name: String) -> String { folder.path(name) }

    /// Makes the whole disk read-only, or writable again, with the given size.
    ///
    /// A disk with a file open for writing cannot be made read-only, and another test starting a
    /// process holds a copy of every open file for the moment between fork and exec; so a busy
    /// disk is tried again, for up to two seconds.
    func remount(readOnly: Bool, kilobytes: Int) throws {
        #if os(Linux)
            let flags = UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0)
            for _ in 0..<40 {
                do {
                    return try Self.mount(folder.url.path, flags: flags, options: "size=\(kilobytes)k")
                } catch let failure as MountFailure where failure.code == EBUSY {
                    usleep(50_000)
                }
            }
            try Self.mount(folder.url.path, flags: flags, options: "size=\(kilobytes)k")
        #endif
    }

    private static func mount(_ path: String, flags: UInt, options: String) throws {
        #if os(Linux)
            guard Glibc.mount("tmpfs", path, "tmpfs", flags, options) == 0 else {
                throw MountFailure(path: path, code: errno)
            }
        #endif
    }
}

/// A tmpfs that would not mount at `path`, with the system's reason.
struct MountFailure: Error, CustomStringConvertible {
    let path: String
    let code: Int32

    var description: String { "cannot mount a small disk at \(path): \(String(cString: strerror(code)))" }
}
