#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour for text on a terminal: only when standard output is one, and never with `NO_COLOR`
/// set (https://no-color.org) or on a `dumb` terminal.
public struct TextStyle: Sendable {
    public let colours: Bool

    public init(colours: Bool) {
        self.colours = colours
    }

    /// The style for standard output as it is now.
    public static func forStandardOutput(
        environment: ProcessEnvironment = .current
    ) -> TextStyle {
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return TextStyle(colours: isatty(STDOUT_FILENO) == 1 && !noColour)
    }

    public func green(_ text: String) -> String { paint(text, 32) }
    public func yellow(_ text: String) -> String { paint(text, 33) }
    public func red(_ text: String) -> String { paint(text, 31) }
    public func bold(_ text: String) -> String { paint(text, 1) }
    public func dim(_ text: String) -> String { paint(text, 2) }
    public func reversed(_ text: String) -> String { paint(text, 7) }

    private func paint(_ text: String, _ code: Int) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension TextStyle {
    /// The line `-v` adds wherever chance was involved, so that the run can be replayed.
    public func seedNote(_ seed: UInt64) -> String {
        dim("seed \(seed) (replay with --seed \(seed))")
    }
}
