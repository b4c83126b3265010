/// How the to-dos an answer shows wait on others: those blocked, waiting on to-dos still open, and
/// those blocking, which to-dos still open wait on, as Taskwarrior's `+BLOCKED` and `+BLOCKING`.
/// Worked out when the answer is, from the to-dos as they stand; never stored.
public struct TodoLinks: Codable, Equatable, Sendable {
    /// A to-do shown and the others it is linked to, in the order they were made.
    public struct Link: Codable, Equatable, Sendable {
        public let id: TodoID
        public let others: [TodoID]

        public init(id: TodoID, others: [TodoID]) {
            (self.id, self.others) = (id, others)
        }
    }

    /// Each open to-do shown that waits on others still open, with those others.
    public var blocked: [Link] = []
    /// Each open to-do shown that others still open wait on, with those others.
    public var blocking: [Link] = []

    public init(blocked: [Link] = [], blocking: [Link] = []) {
        (self.blocked, self.blocking) = (blocked, blocking)
    }

    /// Whether no to-do shown is blocked or blocking.
    public var isEmpty: Bool { blocked.isEmpty && blocking.isEmpty }

    /// These links, or none where there are none: what an answer carries.
    var unlessEmpty: TodoLinks? { isEmpty ? nil : self }

    /// The open to-dos `id` waits on; none where it is not blocked.
    public func blockers(of id: TodoID) -> [TodoID] {
        blocked.first { $0.id == id }?.others ?? []
    }
}
