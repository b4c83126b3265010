extension StringProtocol {
    /// The text as a message quotes it: whole up to 80 characters, else its first 80 and an
    /// ellipsis, so that the refusal of a word of 100 KB is a line a person reads, not 100 KB.
    /// Counted in Unicode scalars, not as letters are seen: one letter with 60,000 accents on it
    /// is cut too.
    public var excerpt: String {
        guard unicodeScalars.count > 80 else { return String(self) }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: unicodeScalars.prefix(80))
        return String(cut) + "…"
    }
}

extension String {
    /// The text with each of its words (runs without a space) of more than 200 Unicode scalars
    /// said by its `excerpt`: what a program says on one line stays a line, whatever word a
    /// message of its own or of a library's quotes whole.
    public var longWordsCut: String {
        guard unicodeScalars.count > 200 else { return self }
        return split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.unicodeScalars.count > 200 ? $0.excerpt : String($0) }
            .joined(separator: " ")
    }
}
