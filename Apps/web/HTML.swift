/// A piece of a page: text that is already HTML. Every text from elsewhere (a to-do's title, a
/// question, an expression, an error) comes in through `escaped`, so none of it is ever markup.
struct HTML: Sendable, ExpressibleByStringInterpolation {
    private(set) var text: String

    init(stringLiteral literal: String) { text = literal }

    init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    init(raw text: String) { self.text = text }

    init(_ pieces: [HTML], separator: String = "") {
        text = pieces.map(\.text).joined(separator: separator)
    }

    /// `text` as HTML shows it: `<`, `>`, `&` and both quotes as entities, control characters
    /// (escape sequences among them) as the Unicode pictures of themselves.
    static func escaped(_ text: String) -> HTML {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20:
                out.unicodeScalars.append(UnicodeScalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case _ where scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return HTML(raw: out)
    }

    struct Interpolation: StringInterpolationProtocol {
        var text = ""
        init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }
        mutating func appendLiteral(_ literal: String) { text += literal }
        /// Any text: escaped.
        mutating func appendInterpolation(_ value: some StringProtocol) { text += HTML.escaped(String(value)).text }
        mutating func appendInterpolation(_ value: Int) { text += String(value) }
        /// A piece that is already HTML: as it is.
        mutating func appendInterpolation(_ html: HTML) { text += html.text }
        mutating func appendInterpolation(_ pieces: [HTML]) { text += pieces.map(\.text).joined() }
    }
}
