import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A to-do as asked for: its title and the changes that set its other fields, as a command sets
/// them; it is given its id and the moment it is made when it is added, and checked then. Coded as
/// the title and the changes in order, `{"title": "buy milk", "changes": [{"due": "2026-12-01"}]}`;
/// one written by hand may also give each change beside the title, `{"title": "buy milk", "due":
/// "2026-12-01"}`, as drafts were first written, each field once.
public struct TodoDraft: Codable, Equatable, Sendable {
    public let title: String
    public let changes: [TodoItem.Change]

    public init(title: String, _ changes: [TodoItem.Change] = []) {
        (self.title, self.changes) = (title, changes)
    }

    /// The to-do asked for, with `id`, made at `moment`, each field checked.
    func item(id: TodoID, at moment: Date) throws(TodoFailure) -> TodoItem {
        var item = TodoItem(unchecked: id, created: moment)
        item.title = title
        return try item.alter(changes).checked()
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        title = try container.decode(String.self, forKey: NamedKey("title"))
        let others = container.allKeys.filter { $0.stringValue != "title" }
        if container.contains(NamedKey("changes")) {
            guard others.count == 1 else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "a draft gives its changes as \"changes\" or beside its title, not both"))
            }
            changes = try container.decode([TodoItem.Change].self, forKey: NamedKey("changes"))
            return
        }
        // Each change beside the title: one field, or tag, a key, so their order is the keys'; a
        // draft written before drafts kept changes holds every field, those not asked for as they
        // start, which set nothing.
        changes = try others.sorted { $0.stringValue < $1.stringValue }
            .compactMap { key in
                let change = try TodoItem.Change(named: key, in: container)
                if case .set(let setting) = change, setting.isUnset { return nil }
                return change
            }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(title, forKey: NamedKey("title"))
        try container.encode(changes, forKey: NamedKey("changes"))
    }
}
