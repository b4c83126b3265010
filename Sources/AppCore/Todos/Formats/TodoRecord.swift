import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A to-do as `todo list --json` prints it and `todo import --format json` reads it.
public struct TodoRecord: Codable, Equatable, Sendable {
    public let id: String
    public let title: String
    public let notes: String
    public let completed: Bool
    public let completedAt: Date?
    public let due: Day?
    public let priority: Priority?
    public let tags: [String]
    public let contexts: [String]
    public let extras: [String: String]
    public let created: Date

    public init(_ item: TodoItem) {
        id = item.id.value
        title = item.title
        notes = item.notes
        completed = item.isCompleted
        completedAt = item.completed
        due = item.due
        priority = item.priority
        tags = item.tags
        contexts = item.contexts
        extras = item.extras
        created = item.created
    }

    // Every key is written, null included, so a script sees the same shape for every item.
    private enum CodingKeys: String, CodingKey {
        case id, title, notes, completed, completedAt, due, priority, tags, contexts, extras, created
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(notes, forKey: .notes)
        try container.encode(completed, forKey: .completed)
        try container.encode(completedAt, forKey: .completedAt)
        try container.encode(due, forKey: .due)
        try container.encode(priority, forKey: .priority)
        try container.encode(tags, forKey: .tags)
        try container.encode(contexts, forKey: .contexts)
        try container.encode(extras, forKey: .extras)
        try container.encode(created, forKey: .created)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? ""
        title = try container.decode(String.self, forKey: .title)
        notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
        completedAt = try container.decodeIfPresent(Date.self, forKey: .completedAt)
        completed = try container.decodeIfPresent(Bool.self, forKey: .completed) ?? (completedAt != nil)
        due = try container.decodeIfPresent(Day.self, forKey: .due)
        priority = try container.decodeIfPresent(Priority.self, forKey: .priority)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        contexts = try container.decodeIfPresent([String].self, forKey: .contexts) ?? []
        extras = try container.decodeIfPresent([String: String].self, forKey: .extras) ?? [:]
        created = try container.decodeIfPresent(Date.self, forKey: .created) ?? Date(milliseconds: 0)
    }
}
