/// Words put before or after a to-do's title, as todo.txt's `append` and `prepend` and
/// Taskwarrior's put them: each to-do keeps its own title, with these words joined to it by a space.
public struct TitleAddition: Codable, Equatable, Sendable {
    public enum End: String, Codable, Sendable {
        case start, end

        /// The command that adds at this end, as the journal and `todo` name it.
        public var command: String { self == .end ? "append" : "prepend" }
    }

    public let words: String
    public let at: End

    public init(_ words: String, at: End) {
        (self.words, self.at) = (words, at)
    }

    /// `title` with the words at their end of it.
    func added(to title: String) -> String {
        at == .end ? "\(title) \(words)" : "\(words) \(title)"
    }
}
