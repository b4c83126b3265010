#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What standard output can show: how many columns wide it is, and whether its character set is
/// UTF-8, so that a chart fits the terminal and draws with characters it has.
public struct TerminalCapabilities: Sendable {
    /// The columns of the terminal; where output is not one, `COLUMNS`, else 80.
    public let columns: Int
    /// Whether the locale says UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`, as `setlocale`
    /// reads them); without one, the C locale's ASCII.
    public let unicode: Bool

    public init(columns: Int, unicode: Bool) {
        self.columns = columns
        self.unicode = unicode
    }

    /// What standard output can show as it is now.
    public static func forStandardOutput(
        environment: ProcessEnvironment = .current
    ) -> TerminalCapabilities {
        TerminalCapabilities(columns: terminalColumns() ?? told(environment) ?? 80, unicode: utf8(environment))
    }

    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    private static func told(_ environment: ProcessEnvironment) -> Int? {
        environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    private static func utf8(_ environment: ProcessEnvironment) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}
