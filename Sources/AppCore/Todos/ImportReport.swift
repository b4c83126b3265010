/// What an import did beyond the to-dos it brought: how many it added, updated and found as they
/// were, the fields of the file a to-do has no place for (kept as extras under their names), and
/// the records it left out, by why. So that nothing is dropped without a word.
public struct ImportReport: Codable, Equatable, Sendable {
    public var added = 0
    /// To-dos already in the store (the same `uuid` extra) that the file changed.
    public var updated = 0
    /// To-dos already in the store that the file holds as they are.
    public var unchanged = 0
    /// The names of the file's fields kept as extras, sorted.
    public var keptAsExtras: [String] = []
    /// How many records were left out, by why (`deleted`, `recurring template`).
    public var skipped: [String: Int] = [:]

    public init(
        added: Int = 0, updated: Int = 0, unchanged: Int = 0, keptAsExtras: [String] = [], skipped: [String: Int] = [:]
    ) {
        (self.added, self.updated, self.unchanged) = (added, updated, unchanged)
        (self.keptAsExtras, self.skipped) = (keptAsExtras, skipped)
    }

    /// Why a Taskwarrior task was left out: it was deleted there.
    public static let deleted = "deleted"
    /// Why a to-do of the file was left out: an open one of the same title and due day is here
    /// already, and the import was not asked to add duplicates.
    public static let openAlready = "open here already"
    /// Why a Taskwarrior task was left out: it is the template of a recurring task whose instances
    /// the file holds, each a to-do that keeps what the template does not share with it
    /// (`TaskwarriorRecurrence`), so that an export writes the template again.
    public static let recurringTemplate = "recurring template"
}
