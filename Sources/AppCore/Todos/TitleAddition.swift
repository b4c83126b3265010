/// Words put before or after a to-do's title, as todo.txt's `append` and `prepend` and
/// Taskwarrior's put them: each to-do keeps its own title, with these words joined to it by a space.
public struct TitleAddition: Codable, Equatable, Sendable {
    public enum End: String, Codable, Sendable {
        case start, end
    }

    public let words: String
    public let at: End

    public init(_ words: String, at: End) {
        (self.words, self.at) = (words, at)
    }

    /// `title` with the words at their end of it.
    func added(to title: String) -> String {
        guard !title.isEmpty else { return words }
        return at == .end ? "\(title) \(words)" : "\(words) \(title)"
    }
}
