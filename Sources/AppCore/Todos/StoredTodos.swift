import Foundation

/// How the to-dos are kept in a store: each item and journal entry as a plain array of its
/// fields, dates as milliseconds. Read back at every program start, this form decodes about
/// twice as fast as objects with named keys; messages and exports keep the named form.
struct StoredItem: Codable {
    let item: TodoItem

    init(_ item: TodoItem) {
        self.item = item
    }

    init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        let id = TodoID(try fields.decode(String.self))
        let title = try fields.decode(String.self)
        let notes = try fields.decode(String.self)
        let due = try fields.decodeIfPresent(Day.self)
        let priority = try fields.decodeIfPresent(Priority.self)
        let tags = try fields.decode([String].self)
        let contexts = try fields.decode([String].self)
        let extras = try fields.decode([String: String].self)
        let created = Date(milliseconds: try fields.decode(Int64.self))
        let completed = try fields.decodeIfPresent(Int64.self).map(Date.init(milliseconds:))
        item = TodoItem(
            stored: id, title: title, notes: notes, due: due, priority: priority, tags: tags, contexts: contexts,
            extras: extras, created: created, completed: completed)
    }

    func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(item.id.value)
        try fields.encode(item.title)
        try fields.encode(item.notes)
        try fields.encode(item.due)
        try fields.encode(item.priority)
        try fields.encode(item.tags)
        try fields.encode(item.contexts)
        try fields.encode(item.extras)
        try fields.encode(item.created.milliseconds)
        try fields.encode(item.completed?.milliseconds)
    }
}

struct StoredJournalEntry: Codable {
    let entry: JournalEntry

    init(_ entry: JournalEntry) {
        self.entry = entry
    }

    init(from decoder: any Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        let at = Date(milliseconds: try fields.decode(Int64.self))
        let action = try fields.decode(JournalEntry.Action.self)
        let id = TodoID(try fields.decode(String.self))
        entry = JournalEntry(
            at: at, action: action, id: id, title: try fields.decode(String.self),
            command: try fields.decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(entry.at.milliseconds)
        try fields.encode(entry.action)
        try fields.encode(entry.id.value)
        try fields.encode(entry.title)
        try fields.encode(entry.command)
    }
}
