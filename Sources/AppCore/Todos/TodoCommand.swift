/// What the to-do feature is asked to do.
public enum TodoCommand: Codable, Equatable, Sendable {
    // Commands that change to-dos; each can be undone as one.
    case add(draft: TodoDraft)
    case edit(reference: String, changes: [TodoItem.Change])
    /// The same changes to each of several to-dos, as `todo edit +errands pri:H` makes them.
    case editEach(references: [String], changes: [TodoItem.Change])
    case complete(references: [String])
    case reopen(references: [String])
    /// Work on them begins now, or, with `stop`, ends, its time added to what was spent.
    case start(references: [String])
    case stop(references: [String])
    case fork(reference: String, changes: [TodoItem.Change])
    case delete(references: [String])
    case importItems(text: String, format: TodoFormat)
    case undo
    case redo

    // Commands that only read.
    case list(query: TodoQuery)
    case show(reference: String)
    case showJournal
    case export(format: TodoFormat)
}
