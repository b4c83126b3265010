/// What the to-do feature answers. `abbreviation` is how many digits of an id tell every item apart.
public enum TodoAnswer: Codable, Equatable, Sendable {
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
