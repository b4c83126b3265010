import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A to-do as `todo list --json` prints it and `todo export` writes it: each field of
/// `TodoItem.fields` under its name, null included, so that a script sees the same shape for every
/// to-do, and `completed`, whether it is done, with the moment under `completedAt`. `todo import
/// --format json` reads it back (`JSONTodos`).
public struct TodoRecord: Encodable, Equatable, Sendable {
    public let item: TodoItem

    public init(_ item: TodoItem) {
        self.item = item
    }

    /// `completed` says whether it is done; the moment it was goes by another name.
    static let renamed = ["completed": "completedAt"]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try item.encodeFields(to: &container, renamed: Self.renamed, writingNone: true)
        try container.encode(item.isCompleted, forKey: NamedKey("completed"))
    }
}
