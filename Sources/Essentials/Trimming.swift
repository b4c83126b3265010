extension StringProtocol {
    /// The text without white space (spaces, tabs, line breaks) at either end.
    ///
    /// Written in Swift rather than taken from Foundation's `trimmingCharacters(in:)`, which
    /// bridges through `NSString`: on the path of every `todo add`, that bridge cost more than
    /// the rest of checking a title. Inlinable, so that it is compiled for the caller's `String`
    /// or `Substring`: generic, each first use looked up the types of its indices and ranges at
    /// run time, 24,000 instructions of a `dice 4d6kh3`.
    @inlinable
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
