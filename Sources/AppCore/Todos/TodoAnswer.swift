/// What the to-do feature answers. `abbreviation` is how many digits of an id tell every item apart.
///
/// The cases that carry a whole item or a failure are `indirect`, kept in a box of their own: the
/// app's `Answer` is as large as its largest case, and every answer of every feature, the coin's
/// on the hot path too, is copied at that size on its way out.
public enum TodoAnswer: Codable, Equatable, Sendable {
    indirect case added(item: TodoItem, abbreviation: Int)
    case changed(items: [TodoItem], abbreviation: Int)
    /// To-dos marked done, where there is more to say: the next ones recurring to-dos made, and
    /// those others still open were blocking. A done with nothing more answers `changed`.
    case completed(items: [TodoItem], abbreviation: Int, report: DoneReport)
    /// The to-dos a command named were each as it would make them already (done, or open): it
    /// changed nothing, kept nothing, and leaves nothing to undo.
    case unchanged(items: [TodoItem], abbreviation: Int)
    indirect case forked(item: TodoItem, from: TodoID, abbreviation: Int)
    case deleted(items: [TodoItem], abbreviation: Int)
    /// The to-dos an import added and updated, and what else it did.
    case imported(items: [TodoItem], abbreviation: Int, report: ImportReport)
    case undid(label: String)
    case redid(label: String)
    /// The to-dos a list picked, and which of them are blocked or blocking: none where none is
    /// (as every answer recorded before links were told reads).
    case listed(items: [TodoItem], abbreviation: Int, links: TodoLinks?)
    indirect case shown(item: TodoItem, abbreviation: Int, links: TodoLinks?)
    case journal(entries: [JournalEntry])
    case exported(text: String)
    /// The to-dos with their urgency, most urgent first.
    case ranked(items: [RankedTodo], abbreviation: Int)
    case projects(counts: [ProjectCount])
    case tags(counts: [TagCount])
    case dueDays(counts: [DueCount])
    case burndown(points: [BurndownPoint])
    indirect case failed(reason: TodoFailure)
}
