import AppCore

/// Text from the data, made safe to show on a terminal: control and bidi characters that a store
/// written by an earlier version may hold are written as escapes (`\e[2J`, `\u202E`), so that
/// what was stored is shown, never obeyed.
public enum TerminalText {
    /// `text` with every control or bidi character escaped; line breaks too, unless kept.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        text.escapingControls(keepingLineBreaks: keepingLineBreaks)
    }
}
