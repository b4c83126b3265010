import Stores

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Overwrites secrets in this process's own arguments, in place, as database clients do with a
/// password given on their command line: `ps` and `/proc/PID/cmdline` read those very bytes (on
/// Linux, the strings `CommandLine.unsafeArgv` points at), so from then on they show `x`s instead.
/// The arguments were parsed before: the program goes on with its own copies.
public enum ArgumentBlanking {
    /// Blanks `secret` wherever an argument holds it (`--token T`, `--token=T`); returns whether
    /// one did.
    public static func blank(secret: String) -> Bool {
        blank([secret], in: secret)
    }

    /// Blanks every place where one of `secrets` appears in the arguments that hold `text` (the
    /// value they were given in, alone or as `--data=…`); returns whether there was any.
    static func blank(_ secrets: [String], in text: String) -> Bool {
        var blanked = false
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(cString: argument).contains(text) else {
                continue
            }
            let bytes = UnsafeMutableRawPointer(argument).assumingMemoryBound(to: UInt8.self)
            let length = strlen(argument)
            for secret in secrets.map({ Array($0.utf8) }) where !secret.isEmpty {
                var start = 0
                while start + secret.count <= length {
                    if memcmp(bytes + start, secret, secret.count) == 0 {
                        memset(bytes + start, Int32(UInt8(ascii: "x")), secret.count)
                        blanked = true
                        start += secret.count
                    } else {
                        start += 1
                    }
                }
            }
        }
        return blanked
    }

    /// Blanks the passwords of every PostgreSQL URL among the arguments (`--data URL`,
    /// `--data=URL`, given once or more); returns whether there was any.
    static func blankPasswordsInURLs() -> Bool {
        var blanked = false
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let text = String(cString: argument)
            guard let scheme = start(of: "postgresql://", in: text) ?? start(of: "postgres://", in: text) else {
                continue
            }
            let url = String(text[scheme...])
            blanked = blank(PostgresLocation.passwords(in: url), in: url) || blanked
        }
        return blanked
    }

    /// Where `pattern` first starts in `text`, looked for byte by byte. Every program looks through
    /// its arguments at start, and `firstRange(of:)` cost that start 470,000 instructions, most of
    /// them finding its generic searcher's conformances by name.
    private static func start(of pattern: String, in text: String) -> String.Index? {
        let (bytes, wanted) = (Array(text.utf8), Array(pattern.utf8))
        guard bytes.count >= wanted.count else { return nil }
        for offset in 0...(bytes.count - wanted.count) where bytes[offset..<offset + wanted.count].elementsEqual(wanted)
        {
            return text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        }
        return nil
    }
}
