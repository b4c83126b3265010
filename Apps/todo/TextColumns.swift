/// Text set in columns, as the reports' tables are.
extension String {
    /// The text with spaces after it to `width` characters.
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    /// The text with spaces before it to `width` characters.
    func padded(left width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
