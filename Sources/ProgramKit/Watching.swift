#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Session {
    /// Calls `show` now, then again each time the store changes, by this program or any other,
    /// until the program is interrupted (Ctrl-C, SIGINT) or told to stop (SIGTERM): it then
    /// exits with status 0, for following the store until stopped is what was asked.
    ///
    /// Changes that come while `show` runs are shown together, by the next call.
    public func watch(_ show: () throws -> Void) throws -> Never {
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
        // A program may be started with the two blocked (a parent's mask is inherited): unblock
        // them, here before the store's watching thread starts and takes this thread's mask.
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGINT)
        sigaddset(&stops, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            throw ProgramFailure("cannot follow the store: \(String(cString: strerror(errno)))", exit: .data)
        }
        let (reader, writer) = (wake[0], wake[1])
        // The writing end never blocks: a change that finds the pipe full is already waiting there.
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        store.updated {
            var byte: UInt8 = 1
            _ = write(writer, &byte, 1)
        }
        try show()
        try StandardOutput.finish()
        var pending = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(reader, &pending, pending.count)
            if count < 0 && errno == EINTR { continue }
            try show()
            try StandardOutput.finish()
        }
    }
}
