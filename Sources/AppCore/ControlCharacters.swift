/// Characters that act on a terminal, or on the order a person reads text in, instead of being
/// read: C0 controls but tab, DEL, C1 controls, and the bidirectional controls (embeddings and
/// overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C). Text
/// coming in that holds one is refused; text already stored that holds one is shown escaped.
extension Unicode.Scalar {
    public var isControlOrBidi: Bool {
        switch value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+001B`, as a message names a character it cannot show.
    public var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension StringProtocol {
    /// The first control or bidi character in the text, if it holds one.
    public var firstControlOrBidi: Unicode.Scalar? {
        guard !isPrintableASCII else { return nil }
        return unicodeScalars.first(where: \.isControlOrBidi)
    }

    /// Whether the text is printable ASCII alone, as most text is, which holds no control or bidi
    /// character: its bytes are checked where they lie, without decoding, since `todo list`
    /// checks every title, tag and context it shows.
    public var isPrintableASCII: Bool {
        func printable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        return utf8.withContiguousStorageIfAvailable(printable)
            ?? !utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F })
    }
}

extension String {
    /// The text with every control or bidi character written as an escape (`\e[2J`, `\u202E`,
    /// `\n` unless line breaks are kept), to show what a store holds without obeying it.
    public func escapingControls(keepingLineBreaks: Bool = false) -> String {
        guard firstControlOrBidi != nil else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n" where keepingLineBreaks: shown.append("\n")
            case "\u{1B}": shown.append("\\e")
            case "\n": shown.append("\\n")
            case "\r": shown.append("\\r")
            case _ where scalar.isControlOrBidi: shown.append("\\u" + scalar.codePoint.dropFirst(2))
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
