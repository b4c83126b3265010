import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a thread of its own learns that another process may have written a journal, so that the
/// store can catch up and tell its observers.
///
/// `start` runs once, on the watching thread, and returns the wait: it returns once the journal
/// may have changed, and now and then when it has not (which costs one catch-up that finds
/// nothing). A thrown error ends the watch.
struct JournalWatch: Sendable {
    let start: @Sendable () throws -> () throws -> Void

    /// Looks at the files every `interval` milliseconds, and returns once any of them was
    /// written, replaced, made or removed since it last looked.
    static func polling(_ paths: [String], interval milliseconds: UInt32 = 100) -> JournalWatch {
        JournalWatch {
            var seen = paths.map(Self.signature)
            return {
                while true {
                    usleep(milliseconds * 1_000)
                    let now = paths.map(Self.signature)
                    if now != seen {
                        seen = now
                        return
                    }
                }
            }
        }
    }

    /// What changes whenever a file is written or replaced: its inode, size and modification time.
    private static func signature(of path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        return [Int(status.st_ino), Int(status.st_size), Int(modified.tv_sec), Int(modified.tv_nsec)]
    }
}

/// Runs `body` on a new thread of its own, which the process does not wait for at exit; returns
/// the system's error number where no thread could be made (too many threads, say), else 0.
func startThread(_ body: @escaping @Sendable () -> Void) -> Int32 {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let started = pthread_create(
        &thread, nil,
        { argument in
            guard let argument else { return nil }
            let body = Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue()
            body.run()
            return nil
        }, box)
    if started == 0 {
        pthread_detach(thread)
    } else {
        Unmanaged<ThreadBody>.fromOpaque(box).release()
    }
    return started
}

/// A thread's work, handed through the C pointer `pthread_create` passes on. A class, because
/// only an object can travel as that pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
