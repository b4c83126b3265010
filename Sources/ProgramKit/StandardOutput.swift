// C's `stdout` is a global variable, which Swift 6 only lets a file name through a
// `@preconcurrency` import, and only in a file that does not also import Foundation.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Standard output, where a write that fails is an error: a full disk or a closed descriptor is
/// one line on stderr and exit status 74, never a crash and never success with half the output.
/// Everything goes through `print`'s buffer (C's `stdout`), in order, and `finish` finds any
/// write to it that failed, large or small.
public enum StandardOutput {
    /// Writes `text` as it is, and makes sure it left the program.
    public static func write(_ text: String) throws {
        errno = 0
        print(text, terminator: "")
        try finish(writeError: errno)
    }

    /// Writes `bytes` (UTF-8 text) as they are, through the same buffer, and makes sure they left
    /// the program: for long output built as bytes rather than as a string.
    public static func write(_ bytes: [UInt8]) throws {
        errno = 0
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdout) }
        try finish(writeError: written == bytes.count ? 0 : errno)
    }

    /// Writes `text` and a line break, and makes sure they left the program.
    public static func line(_ text: String) throws {
        try write(text + "\n")
    }

    /// Flushes what is buffered; a failure of this or of any earlier write is an error.
    /// `writeError` is errno as a write just left it, for the reason when the flush has none.
    public static func finish(writeError: Int32 = 0) throws {
        let waiting = pending()
        let flushed = fflush(stdout) == 0
        let code = flushed ? writeError : errno
        guard !flushed || ferror(stdout) != 0 else { return }
        // A reader that stopped reading (`| head`) is not an error: end as a well-behaved tool
        // does, by the signal, quietly. A program that inherited SIGPIPE ignored gets EPIPE here.
        if code == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        // The reason of a write that failed before is no longer known.
        let reason = code == 0 ? "" : ": " + String(cString: strerror(code))
        throw ProgramFailure(
            "cannot write to standard output\(reason)", exit: .output,
            unwritten: flushed ? "" : String(decoding: waiting, as: UTF8.self))
    }

    /// The start of what waits in the buffer to be written, up to `limit` bytes: what a flush
    /// that fails loses, said instead on stderr where it was the answer to a change that was
    /// kept. Read from glibc's buffer, whose pointers are public for its own macros; elsewhere
    /// nothing.
    private static func pending(limit: Int = 512) -> [UInt8] {
        #if canImport(Glibc)
            guard let stream = stdout, let start = stream.pointee._IO_write_base,
                let end = stream.pointee._IO_write_ptr, end > start
            else { return [] }
            return Array(UnsafeRawBufferPointer(start: start, count: min(end - start, limit)))
        #else
            return []
        #endif
    }
}
