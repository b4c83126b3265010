#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one command does to the to-dos: a batch of edits applied together, undone together.
public struct TodoBatch: Codable, Equatable, Sendable {
    /// How the command reads in the journal and in `undo`'s answer: `add "buy milk"`.
    public let label: String
    public let at: Date
    public let edits: [TodoEdit]

    public init(label: String, at: Date, edits: [TodoEdit]) {
        self.label = label
        self.at = at
        self.edits = edits
    }
}

/// One edit of one to-do, applied against the latest state when the store takes it.
public enum TodoEdit: Codable, Equatable, Sendable {
    case add(TodoItem, as: JournalEntry.Action)
    case alter(TodoID, [TodoItem.Change])
    case delete(TodoID)
}

/// A command as it was done: each touched item before and after (nil where there was none), so
/// that undo and redo can put either back.
public struct DoneCommand: Codable, Equatable, Sendable {
    public let label: String
    public let before: [TodoID: TodoItem]
    public let after: [TodoID: TodoItem]
    public let touched: [TodoID]

    init(label: String, before: [TodoID: TodoItem], after: [TodoID: TodoItem], touched: [TodoID]) {
        (self.label, self.before, self.after, self.touched) = (label, before, after, touched)
    }

    // Kept in the store's compact form, a list of its fields with items as in `StoredItem`; the
    // first format kept it keyed, and recordings made then still hold that form, so it is read too.
    private enum CodingKeys: String, CodingKey { case label, before, after, touched }

    public init(from decoder: any Decoder) throws {
        guard var fields = try? decoder.unkeyedContainer() else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                label: try container.decode(String.self, forKey: .label),
                before: try container.decode([StoredItem].self, forKey: .before),
                after: try container.decode([StoredItem].self, forKey: .after),
                touched: try container.decode([TodoID].self, forKey: .touched))
            return
        }
        self.init(
            label: try fields.decode(String.self), before: try fields.decode([StoredItem].self),
            after: try fields.decode([StoredItem].self), touched: try fields.decode([TodoID].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(label)
        try fields.encode(stored(before))
        try fields.encode(stored(after))
        try fields.encode(touched)
    }

    /// One side's items as a store keeps them: in the order they were touched.
    func stored(_ side: [TodoID: TodoItem]) -> [StoredItem] {
        touched.compactMap { side[$0] }.map(StoredItem.init)
    }

    init(label: String, before: [StoredItem], after: [StoredItem], touched: [TodoID]) {
        let keyed = { (items: [StoredItem]) in Dictionary(items.map { ($0.item.id, $0.item) }) { first, _ in first } }
        self.init(label: label, before: keyed(before), after: keyed(after), touched: touched)
    }
}
