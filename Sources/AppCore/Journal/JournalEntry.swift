#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One thing that happened to one to-do, with its time: the journal `todo journal` reads.
public struct JournalEntry: Codable, Equatable, Sendable {
    public enum Action: String, Codable, Equatable, Sendable {
        case added, changed, completed, reopened, forked, deleted, undone, redone, imported
    }

    public let at: Date
    public let action: Action
    public let id: TodoID
    public let title: String
    /// What the command was, as the person would say it: `done 3f2a`, `undo add "buy milk"`.
    public let command: String

    public init(at: Date, action: Action, id: TodoID, title: String, command: String) {
        self.at = at
        self.action = action
        self.id = id
        self.title = title
        self.command = command
    }
}
