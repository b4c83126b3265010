import AppCore
import Testing

/// Text already stored is shown with its control and bidi characters escaped, never obeyed; text
/// with none is shown as it is.
@Suite("Control characters shown escaped")
struct ControlCharactersSpec {
    @Test(arguments: [
        "buy milk", "", "tab\there", "café au lait", "Straße", "日本語のメモ", "emoji 🎉 ok", "~!@#$%^&*()_+{}|:<>?",
    ])
    func textWithoutControlsIsShownAsItIs(_ text: String) {
        #expect(text.escapingControls() == text)
        #expect(text.firstControlOrBidi == nil)
    }

    @Test(arguments: [
        ("clear \u{1B}[2J", "clear \\e[2J"), ("line\nbreak", "line\\nbreak"), ("carriage\rreturn", "carriage\\rreturn"),
        ("bell\u{7}", "bell\\u0007"), ("delete\u{7F}", "delete\\u007F"), ("c1 \u{9B}1m", "c1 \\u009B1m"),
        ("read \u{202E}backwards", "read \\u202Ebackwards"), ("é\u{2066}isolate", "é\\u2066isolate"),
        ("mark\u{200F}", "mark\\u200F"), ("arabic\u{061C}", "arabic\\u061C"),
    ])
    func eachControlOrBidiCharacterIsEscaped(_ text: String, _ shown: String) {
        #expect(text.escapingControls() == shown)
        #expect(text.firstControlOrBidi != nil)
    }

    @Test func lineBreaksAreKeptWhereAsked() {
        #expect("two\nlines\u{1B}".escapingControls(keepingLineBreaks: true) == "two\nlines\\e")
    }

    @Test func aSubstringIsCheckedAsItsText() {
        let text = "ok \u{1B} then more"
        #expect(text.prefix(3).firstControlOrBidi == nil)
        #expect(text.prefix(4).firstControlOrBidi == "\u{1B}")
    }
}
