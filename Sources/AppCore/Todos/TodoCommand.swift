/// What the to-do feature is asked to do.
public enum TodoCommand: Codable, Equatable, Sendable {
    // Commands that change to-dos; each can be undone as one.
    case add(draft: TodoDraft)
    case edit(reference: String, changes: [TodoItem.Change])
    /// The same changes to each of several to-dos, as `todo edit +errands pri:H` makes them.
    case editEach(references: [String], changes: [TodoItem.Change])
    /// Words added to the start or end of each to-do's own title, with other changes if any:
    /// `todo append`, `todo prepend`.
    case addToTitles(references: [String], addition: TitleAddition, changes: [TodoItem.Change])
    case complete(references: [String])
    case reopen(references: [String])
    /// Work on them begins now, or, with `stop`, ends, its time added to what was spent.
    case start(references: [String])
    case stop(references: [String])
    /// A line said of them now, kept with the moment (Taskwarrior's annotations), or, with
    /// `denotate`, the one whose text is this, or the only one that holds it, taken off.
    case annotate(references: [String], text: String)
    case denotate(references: [String], text: String)
    case fork(reference: String, changes: [TodoItem.Change])
    case delete(references: [String])
    /// `duplicates` is optional so that a command recorded before it reads as it did: left out.
    case importItems(text: String, format: TodoFormat, duplicates: ImportDuplicates? = nil)
    case undo
    case redo

    // Commands that only read.
    case list(query: TodoQuery)
    case show(reference: String)
    case showJournal
    case export(format: TodoFormat)

    // Reports: they only read, each counting or ranking the to-dos its query picks.
    /// The to-dos ranked by urgency, most urgent first: `todo next`.
    case next(query: TodoQuery)
    /// Each project with how many are in it and under it, open and done: `todo projects`, `todo summary`.
    case projects(query: TodoQuery)
    /// Each tag with how many carry it: `todo tags`.
    case tags(query: TodoQuery)
    /// The started ones not done, first started first: `todo active`.
    case active(query: TodoQuery)
    /// The waiting ones, first to show first: `todo waiting`.
    case waiting(query: TodoQuery)
    /// How many are due on each day from `first` through `last`: `todo calendar`.
    case dueDays(query: TodoQuery, first: Day, last: Day)
    /// How many were open and done at the end of each day or week from `first` through `last`:
    /// `todo burndown`.
    case burndown(query: TodoQuery, period: BurndownPeriod, first: Day, last: Day)
}
