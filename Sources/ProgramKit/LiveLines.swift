#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines kept up to date on standard output as they change (`todo list --watch`), writing only
/// what changed: a change to one to-do among thousands writes a line or two, not the list.
///
/// On a terminal the lines are drawn in place, from the top of the screen, cut to its height (as
/// `watch` cuts them) less the row the cursor waits on, and each drawing rewrites only the rows
/// that differ. Elsewhere (a pipe, a
/// file) the first drawing is every line; each later one is an empty line, then the lines that
/// went, each after `- `, and the lines that came, each after `+ `, in the list's order.
public struct LiveLines {
    private let onTerminal: Bool
    /// What the last drawing left: on a terminal, the rows on the screen; elsewhere, every line.
    private var shown: [String]?
    private var screenRows = 0

    public init(onTerminal: Bool) {
        self.onTerminal = onTerminal
    }

    /// Shows `lines`, writing only what differs from what was shown last.
    public mutating func draw(_ lines: [String]) throws {
        if onTerminal { try drawOnScreen(lines) } else { try drawAsChanges(lines) }
        try StandardOutput.finish()
    }

    private mutating func drawAsChanges(_ lines: [String]) throws {
        guard let shown else {
            try StandardOutput.write(Array(lines.map { $0 + "\n" }.joined().utf8))
            self.shown = lines
            return
        }
        let difference = lines.difference(from: shown)
        guard !difference.isEmpty else { return }
        var text = "\n"
        for change in difference.removals { if case .remove(_, let line, _) = change { text += "- \(line)\n" } }
        for change in difference.insertions { if case .insert(_, let line, _) = change { text += "+ \(line)\n" } }
        try StandardOutput.write(Array(text.utf8))
        self.shown = lines
    }

    private mutating func drawOnScreen(_ lines: [String]) throws {
        let (rows, columns) = Self.terminalSize()
        // A line wider than the screen would wrap onto the rows below it, which are not drawn again.
        let visible = Self.cut(lines, toRows: rows - 1).map { Self.fit($0, toColumns: columns - 1) }
        // Each row is written where it stands, ending without a line break, so the screen never scrolls.
        var text = ""
        let before: [String]
        if let shown, rows == screenRows {
            before = shown
        } else {
            text += "\u{1B}[H\u{1B}[2J"  // the first drawing, or a screen of another height: all anew
            before = []
        }
        for (row, line) in visible.enumerated() where row >= before.count || before[row] != line {
            text += "\u{1B}[\(row + 1);1H\(line)\u{1B}[K"
        }
        for row in visible.count..<max(visible.count, before.count) { text += "\u{1B}[\(row + 1);1H\u{1B}[2K" }
        guard !text.isEmpty else { return }
        // The cursor waits on the row below the list, where the shell's prompt comes after Ctrl-C.
        text += "\u{1B}[\(visible.count + 1);1H"
        try StandardOutput.write(Array(text.utf8))
        (shown, screenRows) = (visible, rows)
    }

    /// The lines that fit on a screen of `rows` rows, the last saying how many were left out.
    static func cut(_ lines: [String], toRows rows: Int) -> [String] {
        guard lines.count > rows else { return lines }
        let kept = max(rows - 1, 0)
        return Array(lines.prefix(kept)) + ["… and \(lines.count - kept) more lines below the screen"]
    }

    /// The height and width of the terminal on standard output, or 24 by 80 where it does not say.
    private static func terminalSize() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
            return (24, 80)
        }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// `line` cut to `columns` columns of the screen, with `…` where it was cut: a style's
    /// escape sequence takes none, a wide character two. A cut line ends its style.
    static func fit(_ line: String, toColumns columns: Int) -> String {
        guard width(of: line) > columns else { return line }
        var (fitted, used, inEscape) = ("", 0, false)
        for character in line {
            if inEscape || character == "\u{1B}" {
                // An escape sequence ends with its first letter after the escape itself.
                inEscape = character == "\u{1B}" || !(character.isASCII && character.isLetter)
                fitted.append(character)
                continue
            }
            let width = width(of: character)
            if used + width > columns - 1 { break }
            fitted.append(character)
            used += width
        }
        return fitted + "…" + (line.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }

    /// How many columns a line takes, its escape sequences none.
    private static func width(of line: String) -> Int {
        var (used, inEscape) = (0, false)
        for character in line {
            if inEscape || character == "\u{1B}" {
                inEscape = character == "\u{1B}" || !(character.isASCII && character.isLetter)
                continue
            }
            used += width(of: character)
        }
        return used
    }

    /// How many columns a character takes on a terminal: two for the wide ones of East Asian
    /// scripts and most emoji, one for the rest.
    private static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first?.value else { return 1 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(scalar) } ? 2 : 1
    }
}
