/// What the to-do feature understands, and what it answers.
public enum TodoMessage: Codable, Equatable, Sendable {
    // Commands that change to-dos; each can be undone as one.
    case add(draft: TodoDraft)
    case edit(reference: String, changes: [TodoItem.Change])
    case complete(references: [String])
    case reopen(references: [String])
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

    // Answers. `abbreviation` is how many digits of an id tell every item apart.
    case added(item: TodoItem, abbreviation: Int)
    case changed(items: [TodoItem], abbreviation: Int)
    case forked(item: TodoItem, from: TodoID, abbreviation: Int)
    case deleted(items: [TodoItem], abbreviation: Int)
    case imported(items: [TodoItem], abbreviation: Int)
    case undid(label: String)
    case redid(label: String)
    case listed(items: [TodoItem], abbreviation: Int)
    case shown(item: TodoItem, abbreviation: Int)
    case journal(entries: [JournalEntry])
    case exported(text: String)
    case failed(reason: TodoFailure)
}
