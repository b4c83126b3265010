import Essentials
import Testing

@Suite("Trimming white space")
struct TrimmingSpec {
    @Test(arguments: [
        ("buy milk", "buy milk"),
        ("  buy milk\t", "buy milk"),
        ("\n buy  milk \r\n", "buy  milk"),
        ("\u{00A0}buy milk\u{2003}", "buy milk"),
        (" \t\n ", ""),
        ("", ""),
    ])
    func removesWhiteSpaceAtEitherEndOnly(_ text: String, _ trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
    }

    @Test func trimsAPartOfALine() throws {
        let line = "key =  value  "
        let equals = try #require(line.firstIndex(of: "="))
        #expect(line[line.index(after: equals)...].trimmingWhitespace() == "value")
    }
}
