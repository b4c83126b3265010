/// What marking to-dos done did beyond marking them: the next one each recurring to-do made, and
/// the to-dos done that others still open were blocking, as Taskwarrior says both.
public struct DoneReport: Codable, Equatable, Sendable {
    /// A to-do made as the next of a recurring one marked done.
    public struct Next: Codable, Equatable, Sendable {
        /// The one done, which it follows.
        public let after: TodoID
        public let item: TodoItem

        public init(after: TodoID, item: TodoItem) {
            (self.after, self.item) = (after, item)
        }
    }

    public var next: [Next] = []

    public init(next: [Next] = []) {
        self.next = next
    }

    /// Whether there is nothing to say beyond the to-dos marked done.
    public var isEmpty: Bool { next.isEmpty }
}
