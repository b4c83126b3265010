#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// A number laid out by C's `printf` rules (`"%.3f"`, `"%02x"`, `"%.1e"`), in the C locale.
    ///
    /// Written on `vsnprintf` rather than taken from Foundation's `String(format:)`, which would
    /// link ICU's locale data (about 34 MB) into every program for the sake of a few numbers.
    public init(printf format: String, _ arguments: any CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = withVaList(arguments) { Int(vsnprintf(&buffer, buffer.count, format, $0)) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
