import Foundation

/// What one command does to the to-dos: edits applied together, undone together.
public struct TodoCommand: Codable, Equatable, Sendable {
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
}
