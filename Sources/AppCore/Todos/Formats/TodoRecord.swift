import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A to-do as `todo list --json` prints it and `todo import --format json` reads it: each field of
/// `TodoItem.fields` under its name, null included, so that a script sees the same shape for every
/// to-do, and `completed`, whether it is done, with the moment under `completedAt`.
public struct TodoRecord: Codable, Equatable, Sendable {
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

    /// A record another program wrote may lack any field but the title: the id and the moment it
    /// was made too, which the import gives it; a record that says it is done without saying when
    /// was done when it was made.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        var item = try TodoItem.decoded(from: container, optional: ["id", "created"], renamed: Self.renamed)
        if item.completed == nil, try container.decodeIfPresent(Bool.self, forKey: NamedKey("completed")) == true {
            item.completed = item.created
        }
        self.item = item
    }
}
