#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which to-dos a command works on, as Taskwarrior users pick them: `+errands project:home`,
/// `due.before:eow or @town`, `/milk/`, ids. Dates are days already read, so a filter picks the
/// same to-dos on every replay of the command that carries it.
public indirect enum TodoFilter: Codable, Equatable, Sendable {
    /// Every one of them holds: words side by side.
    case all([TodoFilter])
    /// One of them at least: words joined by `or`.
    case any([TodoFilter])
    case tag(String)
    case withoutTag(String)
    case context(String)
    case withoutContext(String)
    /// In this project or one under it (`work` picks `work.reports`); nil, in none.
    case project(String?)
    /// Of this priority; nil, of none.
    case priority(Priority?)
    case due(DueTest)
    case recur(RecurTest)
    /// Waiting on a to-do still open, or not: Taskwarrior's `+BLOCKED` and `-BLOCKED`.
    case blocked(Bool)
    /// Waited on by a to-do still open, or not: `+BLOCKING` and `-BLOCKING`.
    case blocking(Bool)
    case status(TodoQuery.Status)
    /// A regular expression found in the title, the notes or an annotation, in any case.
    case matching(pattern: String)
    /// The to-dos these ids, or the starts of them, name: any one of them.
    case ids(references: [String])
    /// What a to-do has or is, as a Taskwarrior virtual tag asks it: `+ACTIVE`, `+PROJECT`.
    case has(TodoTrait)
    /// The to-dos the filter does not pick: a virtual tag behind a minus, `-ACTIVE`.
    case not(TodoFilter)

    /// What a due day is held to.
    public enum DueTest: Codable, Equatable, Sendable {
        case on(Day)
        case before(Day)
        /// On that day or before it: Taskwarrior's `due.by`.
        case by(Day)
        case after(Day)
        /// No due day at all.
        case none
        /// From the first day through the last: `+WEEK`, and `+DUE`, the seven days from today.
        case within(Day, Day)
        /// Due before now: before `today`, or on it at a time before `second` of the day (a to-do
        /// due on the day as a whole is not overdue until the day is over): `+OVERDUE`.
        case passed(today: Day, second: Int)

        func holds(for due: Day?, at time: TimeOfDay?) -> Bool {
            switch self {
            case .none: return due == nil
            case .on(let day): return due == day
            case .before(let day): return due.map { $0 < day } ?? false
            case .by(let day): return due.map { $0 <= day } ?? false
            case .after(let day): return due.map { $0 > day } ?? false
            case .within(let first, let last): return due.map { first <= $0 && $0 <= last } ?? false
            case .passed(let today, let second):
                guard let due, due <= today else { return false }
                return due < today || time.map { $0.seconds < second } ?? false
            }
        }
    }

    /// What a recurrence is held to.
    public enum RecurTest: Codable, Equatable, Sendable {
        /// None at all: `recur:`.
        case none
        /// Any one: `recur:any`.
        case any
        /// This period, whatever day of the month its chain keeps: `recur:weekly`.
        case every(Recurrence)

        func holds(for recur: Recurrence?) -> Bool {
            switch self {
            case .none: recur == nil
            case .any: recur != nil
            case .every(let wanted): recur?.period == wanted.period
            }
        }
    }

    /// Whether it names a status or ids: then the to-dos it picks are looked for among all of them,
    /// not only the open ones, as `todo list 3f2a` shows a done one.
    public var namesStatusOrIDs: Bool {
        switch self {
        case .all(let filters), .any(let filters): filters.contains { $0.namesStatusOrIDs }
        case .status, .ids: true
        // `-WAITING` is no status to look among: the to-dos it leaves are those the command
        // looks among without it.
        default: false
        }
    }

    /// The references, where the filter is ids and nothing else: `todo done 3f2a 9c1b`, which need
    /// not look at any other to-do.
    public var onlyIDs: [String]? {
        switch self {
        case .ids(let references): references
        case .all(let filters) where filters.count == 1: filters[0].onlyIDs
        default: nil
        }
    }

    /// The filter as a test of one to-do at `now`, its ids resolved in `todos` (one that names no
    /// to-do, or several, is the failure that says so) and its patterns compiled once.
    func test(in todos: TodoState, at now: Date) throws -> (TodoItem) -> Bool {
        try test(in: todos, at: now, links: links(in: todos))
    }

    /// Whether any part of it asks whether a to-do is blocked or blocking.
    private var asksForLinks: Bool {
        switch self {
        case .all(let filters), .any(let filters): filters.contains { $0.asksForLinks }
        case .blocked, .blocking: true
        case .not(let filter): filter.asksForLinks
        default: false
        }
    }

    /// The ids of the open to-dos, and of those open ones wait on, where the filter asks whether a
    /// to-do is blocked or blocking: every to-do is read once for them. Nil where it does not ask.
    private func links(in todos: TodoState) throws -> (open: Set<String>, waitedOn: Set<String>)? {
        guard asksForLinks else { return nil }
        var (open, waitedOn): (Set<String>, Set<String>) = ([], [])
        _ = try todos.items.all(reading: TodoFieldsRead(["id", "completed", "depends"])) { item in
            if !item.isCompleted {
                open.insert(item.id.value)
                waitedOn.formUnion(item.depends)
            }
            return false
        }
        return (open, waitedOn)
    }

    private func test(
        in todos: TodoState, at now: Date, links: (open: Set<String>, waitedOn: Set<String>)?
    ) throws -> (TodoItem) -> Bool {
        switch self {
        case .all(let filters):
            let tests = try filters.map { try $0.test(in: todos, at: now, links: links) }
            return { item in tests.allSatisfy { $0(item) } }
        case .any(let filters):
            let tests = try filters.map { try $0.test(in: todos, at: now, links: links) }
            return { item in tests.contains { $0(item) } }
        case .tag(let tag): return { $0.tags.contains(tag) }
        case .withoutTag(let tag): return { !$0.tags.contains(tag) }
        case .context(let context): return { $0.contexts.contains(context) }
        case .withoutContext(let context): return { !$0.contexts.contains(context) }
        case .project(let project?): return { $0.isIn(project: project) }
        case .project(nil): return { $0.project == nil }
        case .priority(let priority): return { $0.priority == priority }
        case .due(let test): return { test.holds(for: $0.due, at: $0.dueTime) }
        case .recur(let test): return { test.holds(for: $0.recur) }
        case .blocked(let wanted):
            let open = links?.open ?? []
            return { item in (!item.isCompleted && item.depends.contains(where: open.contains)) == wanted }
        case .blocking(let wanted):
            let (open, waitedOn) = links ?? ([], [])
            return { item in (open.contains(item.id.value) && waitedOn.contains(item.id.value)) == wanted }
        case .status(let status): return { status.admits($0, at: now) }
        case .matching(let pattern):
            let pattern = try TodoPattern(pattern)
            return { item in
                pattern.found(in: item.title) || (!item.notes.isEmpty && pattern.found(in: item.notes))
                    || item.annotations.all.contains { pattern.found(in: $0.description) }
            }
        case .ids(let references):
            let ids = Set(try todos.resolve(references))
            return { ids.contains($0.id) }
        case .has(let trait): return { trait.holds(for: $0, at: now) }
        case .not(let filter):
            let test = try filter.test(in: todos, at: now, links: links)
            return { !test($0) }
        }
    }
}
