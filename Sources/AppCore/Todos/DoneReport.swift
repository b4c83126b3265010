/// What marking to-dos done did beyond marking them: the next one each recurring to-do made, and
/// the to-dos done while others they wait on are still open, as Taskwarrior says both.
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
    /// Each recurring to-do marked done that made no next one: the next would be due past its
    /// until, or past the last day kept. Its chain ends with it.
    public var ended: [TodoID] = []
    /// Each to-do marked done that waited on others still open (done all the same, as Taskwarrior
    /// does it), with those others.
    public var blocked: [TodoLinks.Link] = []

    public init(next: [Next] = [], ended: [TodoID] = [], blocked: [TodoLinks.Link] = []) {
        (self.next, self.ended, self.blocked) = (next, ended, blocked)
    }

    /// Whether there is nothing to say beyond the to-dos marked done.
    public var isEmpty: Bool { next.isEmpty && ended.isEmpty && blocked.isEmpty }
}
