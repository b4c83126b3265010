import Fractal
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One thing to do: an immutable value, changed only by `alter`, which returns a new item.
///
/// Its fields are declared once, in `fields`: a store keeps them, `--json` prints them, and
/// imports and exports read and write them from that list (see `TodoFieldRegistry`). Adding an
/// optional field is its property and its line there, a `Change` that sets it, its option and how
/// it is shown; nothing else.
public struct TodoItem: Equatable, Sendable, Identifiable {
    public enum Change: Equatable, Sendable {
        /// A field set to a value: any field but the id and the moment it was made (made by
        /// `title(_:)` and its kind, which read as the changes a command makes).
        case set(FieldSetting)
        /// A tag added to those it has, or taken off.
        case addTag(String)
        case removeTag(String)
        /// A context added to those it has, or taken off.
        case addContext(String)
        case removeContext(String)
        /// A to-do it waits on, by its whole id, added to those it has, or taken off.
        case addDependency(String)
        case removeDependency(String)
        /// An annotation added after those it has, or taken off.
        case addAnnotation(Annotation)
        case removeAnnotation(Annotation)
        /// Words joined to the title it has when the change is kept (`todo append`, `prepend`):
        /// two kept at one moment both join it, as neither sets the title whole.
        case addToTitle(TitleAddition)
    }

    public internal(set) var id: TodoID
    public internal(set) var title = ""
    public internal(set) var notes = ""
    public internal(set) var due: Day?
    public internal(set) var priority: Priority?
    /// Sorted, without repeats; todo.txt's `+project`.
    public internal(set) var tags: [String] = []
    /// Sorted, without repeats; todo.txt's `@context`.
    public internal(set) var contexts: [String] = []
    /// Other todo.txt `key:value` pairs, kept so that a round trip loses nothing.
    public internal(set) var extras: [String: String] = [:]
    public internal(set) var created: Date
    public internal(set) var completed: Date?
    /// Where it belongs, Taskwarrior's project: a dotted path, `work.reports` under `work`.
    public internal(set) var project: String?
    /// The time of day it is due, on its due day; none where it is due on the day as a whole.
    public internal(set) var dueTime: TimeOfDay?
    /// Hidden from the list of open to-dos until then.
    public internal(set) var wait: Date?
    /// When work on it is meant to begin.
    public internal(set) var scheduled: Date?
    /// When it expires: an open to-do is hidden from the list of open ones after then.
    public internal(set) var until: Date?
    /// Since when it has been worked on (`todo start`); none while it is not.
    public internal(set) var started: Date?
    /// How long it was worked on, in seconds, between each start and the stop after it.
    public internal(set) var secondsSpent = 0
    /// How often it comes back once done: marked done, it makes the next one, due a period after
    /// its due day, which it needs.
    public internal(set) var recur: Recurrence?
    /// The whole ids of the to-dos it waits on, sorted: it is blocked while any of them is open.
    public internal(set) var depends: [String] = []
    /// What was said of it since, each line with the moment it was said (`todo annotate`).
    public internal(set) var annotations = Annotations()
    /// The fields a newer version of the program stored that this one does not know, kept as they
    /// came, so that a store this version writes back loses none of them.
    var unknownFields = KeptFields()

    /// The fields, each once: where a store keeps it (its place in the stored record: a field is
    /// only ever added at the end, never moved or taken out), its name in JSON and in a change that
    /// sets it, the property, and what a value must be (checked at the door, never when read back
    /// from a store). The id and the moment it was made are fixed: no change sets them.
    // Inlined into each registry, so that a key path here is the field itself (see `StoredItem`).
    @inline(__always)
    static func fields(_ fields: inout some TodoFieldRegistry) {
        fields.field(0, "id", \.id, fixed: true, checked: TodoItem.checked(id:))
        fields.field(1, "title", \.title, checked: TodoItem.checked(title:))
        fields.field(2, "notes", \.notes, checked: TodoItem.checked(notes:))
        fields.field(3, "due", \.due)
        fields.field(4, "priority", \.priority)
        fields.field(5, "tags", \.tags) { tags throws(TodoFailure) in try TodoItem.checked(labels: tags, kind: "tag") }
        fields.field(6, "contexts", \.contexts) { contexts throws(TodoFailure) in
            try TodoItem.checked(labels: contexts, kind: "context")
        }
        fields.field(7, "extras", \.extras, checked: TodoItem.checked(extras:))
        fields.field(8, "created", \.created, fixed: true)
        fields.field(9, "completed", \.completed)
        fields.field(10, "project", \.project, checked: TodoItem.checked(project:))
        fields.field(11, "dueTime", \.dueTime)
        fields.field(12, "wait", \.wait)
        fields.field(13, "scheduled", \.scheduled)
        fields.field(14, "until", \.until)
        fields.field(15, "started", \.started)
        fields.field(16, "secondsSpent", \.secondsSpent, checked: TodoItem.checked(secondsSpent:))
        fields.field(17, "recur", \.recur)
        fields.field(18, "depends", \.depends, checked: TodoItem.checked(dependencies:))
        fields.field(19, "annotations", \.annotations, checked: TodoItem.checked(annotations:))
    }

    /// The longest title kept, in characters; a longer one is refused.
    public static let titleLimit = TodoLimits.titleCharacters

    /// A to-do of these fields, each checked.
    public init(
        id: TodoID, title: String, notes: String = "", due: Day? = nil, priority: Priority? = nil,
        tags: [String] = [], contexts: [String] = [], extras: [String: String] = [:], created: Date,
        completed: Date? = nil, project: String? = nil, dueTime: TimeOfDay? = nil, wait: Date? = nil,
        scheduled: Date? = nil, until: Date? = nil, started: Date? = nil, secondsSpent: Int = 0,
        recur: Recurrence? = nil
    ) throws(TodoFailure) {
        self.init(unchecked: id, created: created)
        (self.title, self.notes, self.due, self.priority) = (title, notes, due, priority)
        (self.tags, self.contexts, self.extras, self.completed) = (tags, contexts, extras, completed)
        (self.project, self.dueTime, self.wait, self.scheduled) = (project, dueTime, wait, scheduled)
        (self.until, self.started, self.secondsSpent, self.recur) = (until, started, secondsSpent, recur)
        self = try checked()
    }

    /// A to-do of `id`, made at `created`, with every other field as it starts: for a store or a
    /// file to fill in field by field, then check where it came from outside.
    init(unchecked id: TodoID, created: Date) {
        (self.id, self.created) = (id, created)
    }

    public var isCompleted: Bool { completed != nil }

    /// Being worked on: started, and not done.
    public var isActive: Bool { started != nil && !isCompleted }

    /// Open, and hidden from the open to-dos until its wait is over.
    public func isWaiting(at now: Date) -> Bool {
        !isCompleted && wait.map { $0 > now } ?? false
    }

    /// Open, and past the moment it expires.
    public func hasExpired(at now: Date) -> Bool {
        !isCompleted && until.map { $0 <= now } ?? false
    }

    /// Whether it is in `project` or in one of the projects under it: `work.reports` is in `work`,
    /// `workshop` is not.
    public func isIn(project wanted: String) -> Bool {
        guard let project, project.hasPrefix(wanted) else { return false }
        return project.count == wanted.count || project.dropFirst(wanted.count).first == "."
    }

    /// A new item with the changes applied in order; this one is left as it was. A change that
    /// would make no item (an empty title) is an error, not a silent no-op.
    public func alter(_ changes: Change...) throws(TodoFailure) -> TodoItem {
        try alter(changes)
    }

    /// A new item with one change: as `alter(_:)`, without an array of one to hold it.
    public func alter(_ change: Change) throws(TodoFailure) -> TodoItem {
        let item = try applying(change)
        if change.setsFieldsHeldTogether { try item.checkTogether() }
        return item
    }

    public func alter(_ changes: [Change]) throws(TodoFailure) -> TodoItem {
        var item = self
        for change in changes { item = try item.applying(change) }
        // Fields that must go together are checked once all are changed: `due: recur:` clears both.
        if changes.contains(where: \.setsFieldsHeldTogether) { try item.checkTogether() }
        return item
    }

    /// A copy with a new identity and creation time, then the given changes. What it keeps of the
    /// original was checked when that was made (or kept by an earlier version), so only the new
    /// id and the changes are checked.
    public func fork(id: TodoID, at moment: Date, _ changes: [Change] = []) throws(TodoFailure) -> TodoItem {
        var copy = self
        (copy.id, copy.created) = (try Self.checked(id: id), moment)
        return try copy.alter(changes)
    }

    /// The item with one change: only what changes is checked, so that an item an earlier version
    /// kept can still be changed, and mended field by field.
    private func applying(_ change: Change) throws(TodoFailure) -> TodoItem {
        var item = self
        switch change {
        case .set(let setting): try setting.apply(to: &item)
        case .addTag(let tag): item.tags = try Self.checked(labels: [tag], kind: "tag", joining: tags)
        case .removeTag(let tag): item.tags.removeAll { $0 == tag }
        case .addContext(let context):
            item.contexts = try Self.checked(labels: [context], kind: "context", joining: contexts)
        case .removeContext(let context): item.contexts.removeAll { $0 == context }
        case .addDependency(let id): item.depends = try Self.checked(dependencies: depends + [id])
        case .removeDependency(let id): item.depends.removeAll { $0 == id }
        case .addAnnotation(let annotation):
            item.annotations = try Self.checked(annotations: Annotations(annotations.all + [annotation]))
        case .removeAnnotation(let annotation):
            if let index = item.annotations.all.firstIndex(of: annotation) { item.annotations.all.remove(at: index) }
        case .addToTitle(let addition): item.title = try Self.checked(title: addition.added(to: title))
        }
        return item
    }
}

extension TodoItem.Change {
    public static func title(_ title: String) -> Self { .set(FieldSetting(name: "title", title)) }
    public static func notes(_ notes: String) -> Self { .set(FieldSetting(name: "notes", notes)) }
    public static func due(_ due: Day?) -> Self { .set(FieldSetting(name: "due", due)) }
    public static func priority(_ priority: Priority?) -> Self { .set(FieldSetting(name: "priority", priority)) }
    public static func tags(_ tags: [String]) -> Self { .set(FieldSetting(name: "tags", tags)) }
    public static func contexts(_ contexts: [String]) -> Self { .set(FieldSetting(name: "contexts", contexts)) }
    /// Done at that moment, or open again with nil.
    public static func completed(_ moment: Date?) -> Self { .set(FieldSetting(name: "completed", moment)) }
    public static func project(_ project: String?) -> Self { .set(FieldSetting(name: "project", project)) }
    public static func dueTime(_ time: TimeOfDay?) -> Self { .set(FieldSetting(name: "dueTime", time)) }
    public static func wait(_ moment: Date?) -> Self { .set(FieldSetting(name: "wait", moment)) }
    public static func scheduled(_ moment: Date?) -> Self { .set(FieldSetting(name: "scheduled", moment)) }
    public static func until(_ moment: Date?) -> Self { .set(FieldSetting(name: "until", moment)) }
    /// Worked on since that moment, or no longer with nil.
    public static func started(_ moment: Date?) -> Self { .set(FieldSetting(name: "started", moment)) }
    public static func secondsSpent(_ seconds: Int) -> Self { .set(FieldSetting(name: "secondsSpent", seconds)) }
    /// Comes back so often once done, or no longer with nil.
    public static func recur(_ recurrence: Recurrence?) -> Self { .set(FieldSetting(name: "recur", recurrence)) }

    /// Waits on the to-dos of these whole ids, and no others.
    public static func depends(_ ids: [String]) -> Self { .set(FieldSetting(name: "depends", ids)) }

    /// Whether it sets a field that another must go with: a recurrence needs a due day.
    var setsFieldsHeldTogether: Bool {
        if case .set(let setting) = self { ["due", "recur"].contains(setting.name) } else { false }
    }
}
