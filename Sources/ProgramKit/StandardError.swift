#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard error, for warnings and errors: written directly, since a failure to write there
/// leaves nothing more to say (and must not crash the program, as `FileHandle`'s write would).
public enum StandardError {
    public static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    public static func line(_ text: String) {
        write(text + "\n")
    }
}
