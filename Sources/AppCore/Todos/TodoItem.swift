import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One thing to do: an immutable value, changed only by `alter`, which returns a new item.
public struct TodoItem: Codable, Equatable, Sendable, Identifiable {
    public enum Change: Codable, Equatable, Sendable {
        case title(String)
        case notes(String)
        case due(Day?)
        case priority(Priority?)
        case tags([String])
        case addTag(String)
        case removeTag(String)
        case contexts([String])
        /// Done at that moment, or open again with nil.
        case completed(Date?)
    }

    public let id: TodoID
    public let title: String
    public let notes: String
    public let due: Day?
    public let priority: Priority?
    /// Sorted, without repeats; todo.txt's `+project`.
    public let tags: [String]
    /// Sorted, without repeats; todo.txt's `@context`.
    public let contexts: [String]
    /// Other todo.txt `key:value` pairs, kept so that a round trip loses nothing.
    public let extras: [String: String]
    public let created: Date
    public let completed: Date?

    /// The longest title kept, in characters; a longer one is refused.
    public static let titleLimit = TodoLimits.titleCharacters

    public init(
        id: TodoID, title: String, notes: String = "", due: Day? = nil, priority: Priority? = nil,
        tags: [String] = [], contexts: [String] = [], extras: [String: String] = [:], created: Date,
        completed: Date? = nil
    ) throws(TodoFailure) {
        self.id = try Self.checked(id: id)
        self.title = try Self.checked(title: title)
        self.notes = try Self.checked(notes: notes)
        self.due = due
        self.priority = priority
        self.tags = try Self.checked(labels: tags, kind: "tag")
        self.contexts = try Self.checked(labels: contexts, kind: "context")
        self.extras = try Self.checked(extras: extras)
        self.created = created
        self.completed = completed
    }

    /// An item read back from a store, which checked it when it was made: checking each again at
    /// every program start would cost a fifth of reading a thousand to-dos.
    init(
        stored id: TodoID, title: String, notes: String, due: Day?, priority: Priority?, tags: [String],
        contexts: [String], extras: [String: String], created: Date, completed: Date?
    ) {
        (self.id, self.title, self.notes, self.due, self.priority) = (id, title, notes, due, priority)
        (self.tags, self.contexts, self.extras, self.created, self.completed) = (
            tags, contexts, extras, created, completed
        )
    }

    public var isCompleted: Bool { completed != nil }

    /// A new item with the changes applied in order; this one is left as it was. A change that
    /// would make no item (an empty title) is an error, not a silent no-op.
    public func alter(_ changes: Change...) throws(TodoFailure) -> TodoItem {
        try alter(changes)
    }

    /// A new item with one change: as `alter(_:)`, without an array of one to hold it.
    public func alter(_ change: Change) throws(TodoFailure) -> TodoItem {
        try applying(change)
    }

    public func alter(_ changes: [Change]) throws(TodoFailure) -> TodoItem {
        var item = self
        for change in changes { item = try item.applying(change) }
        return item
    }

    /// A copy with a new identity and creation time, then the given changes. What it keeps of the
    /// original was checked when that was made (or kept by an earlier version), so only the new
    /// id and the changes are checked.
    public func fork(id: TodoID, at moment: Date, _ changes: [Change] = []) throws(TodoFailure) -> TodoItem {
        try TodoItem(
            stored: try Self.checked(id: id), title: title, notes: notes, due: due, priority: priority, tags: tags,
            contexts: contexts, extras: extras, created: moment, completed: completed
        ).alter(changes)
    }

    /// The item with one change: only what changes is checked, so that an item an earlier version
    /// kept can still be changed, and mended field by field.
    private func applying(_ change: Change) throws(TodoFailure) -> TodoItem {
        var (title, notes, due, priority) = (self.title, self.notes, self.due, self.priority)
        var (tags, contexts, completed) = (self.tags, self.contexts, self.completed)
        switch change {
        case .title(let new): title = try Self.checked(title: new)
        case .notes(let new): notes = try Self.checked(notes: new)
        case .due(let new): due = new
        case .priority(let new): priority = new
        case .tags(let new): tags = try Self.checked(labels: new, kind: "tag")
        case .addTag(let tag): tags = try Self.checked(labels: [tag], kind: "tag", joining: tags)
        case .removeTag(let tag): tags.removeAll { $0 == tag }
        case .contexts(let new): contexts = try Self.checked(labels: new, kind: "context")
        case .completed(let moment): completed = moment
        }
        return TodoItem(
            stored: id, title: title, notes: notes, due: due, priority: priority, tags: tags, contexts: contexts,
            extras: extras, created: created, completed: completed)
    }
}
