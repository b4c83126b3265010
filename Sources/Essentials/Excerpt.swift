extension StringProtocol {
    /// The text as a message quotes it: whole up to 80 characters, else its first 80 and an
    /// ellipsis, so that the refusal of a word of 100 KB is a line a person reads, not 100 KB.
    public var excerpt: String { count > 80 ? prefix(80) + "…" : String(self) }
}
