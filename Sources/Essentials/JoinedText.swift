extension Array where Element == String {
    /// The strings, with `separator` between them, as `joined(separator:)` gives them. The standard
    /// library's is generic over any sequence of strings, and its first use in a run looks up its
    /// associated types by name: 250,000 instructions of `coin flip`'s start (callgrind), more than
    /// flipping the coin and printing it. The text a quick command prints is joined with this.
    public func concatenated(separator: String = "") -> String {
        var text = ""
        for (offset, element) in enumerated() {
            if offset > 0 { text += separator }
            text += element
        }
        return text
    }
}
