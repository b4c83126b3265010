/// A to-do as asked for, before it has an id and a creation time.
public struct TodoDraft: Codable, Equatable, Sendable {
    public let title: String
    public let notes: String
    public let due: Day?
    public let priority: Priority?
    public let tags: [String]
    public let contexts: [String]

    public init(
        title: String, notes: String = "", due: Day? = nil, priority: Priority? = nil, tags: [String] = [],
        contexts: [String] = []
    ) {
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.tags = tags
        self.contexts = contexts
    }
}
