#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which to-dos a list shows, and in what order.
public struct TodoQuery: Codable, Equatable, Sendable {
    /// `open` is what is left to do now: open to-dos, but for those waiting and those expired;
    /// `waiting`, those hidden until their wait is over; `all`, every to-do.
    public enum Status: String, Codable, Sendable, CaseIterable {
        case open, done, all, waiting
        /// Not done and not expired, waiting or not: what the reports count as open, as
        /// Taskwarrior's `task projects`, `task summary` and `task tags` do.
        case openOrWaiting

        /// Whether a to-do of this status at `now`, when waiting and expiring are told.
        func admits(_ item: TodoItem, at now: Date) -> Bool {
            switch self {
            case .open: !(item.isCompleted || item.isWaiting(at: now) || item.hasExpired(at: now))
            case .done: item.isCompleted
            case .waiting: item.isWaiting(at: now)
            case .all: true
            case .openOrWaiting: !(item.isCompleted || item.hasExpired(at: now))
            }
        }

        /// The choices a person is offered where a list is shown (the web page's): the others are
        /// the reports'.
        public static let listed: [Status] = [.open, .done, .all, .waiting]
    }

    public enum Order: String, Codable, Sendable, CaseIterable {
        case created, due, priority, title
    }

    public let status: Status
    public let tag: String?
    public let dueBefore: Day?
    public let search: String?
    /// Only those in this project or under it.
    public let project: String?
    public let context: String?
    public let order: Order
    /// What the words after the command picked (`+errands project:home`), beside the options.
    public let filter: TodoFilter?

    public init(
        status: Status = .open, tag: String? = nil, dueBefore: Day? = nil, search: String? = nil,
        project: String? = nil, context: String? = nil, order: Order = .created, filter: TodoFilter? = nil
    ) {
        self.status = status
        self.tag = tag
        self.dueBefore = dueBefore
        self.search = search
        self.project = project
        self.context = context
        self.order = order
        self.filter = filter
    }

    /// Whether the options show `item` at `now`, when waiting and expiring are told; the filter
    /// is tested apart, compiled once for the whole list (`TodoFilter.test`).
    func matches(_ item: TodoItem, at now: Date) -> Bool {
        guard status.admits(item, at: now) else { return false }
        if let tag, !item.tags.contains(tag) { return false }
        if let project, !item.isIn(project: project) { return false }
        if let context, !item.contexts.contains(context) { return false }
        if let dueBefore {
            guard let due = item.due, due < dueBefore else { return false }
        }
        if let search, !search.isEmpty {
            let words = Self.folded(search)
            // Tags and contexts are found as they are shown, `+errands` and `@town`, and so is the
            // project, `project:work`.
            let found =
                Self.folded(item.title).contains(words) || Self.folded(item.notes).contains(words)
                || item.tags.contains { Self.folded("+" + $0).contains(words) }
                || item.contexts.contains { Self.folded("@" + $0).contains(words) }
                || item.project.map { Self.folded("project:" + $0).contains(words) } ?? false
            if !found { return false }
        }
        return true
    }

    /// Text with its case folded by the standard library's Unicode rules, not a locale's (no ICU
    /// data): upper case first, so that letters whose lower case is not one letter match their
    /// spelled-out forms as a full case folding does: `Straße` and `STRASSE`, `ﬁle` and `FILE`,
    /// `ΟΔΟΣ` and `οδος`.
    static func folded(_ text: String) -> String {
        text.uppercased().lowercased()
    }

    /// Sorts stably: items that compare equal keep the order they were made in.
    func sorted(_ items: [TodoItem]) -> [TodoItem] {
        switch order {
        // By the moment each was made, not where it stands: a to-do an undo brought back stands
        // last. They almost always stand in that order already, which one look tells.
        case .created:
            // Looked at by index: pairs of to-dos zipped are copied whole, each twice.
            let inOrder = items.indices.dropFirst().allSatisfy { items[$0 - 1].created <= items[$0].created }
            return inOrder ? items : stableSorted(items) { (Int($0.created.milliseconds), 0) }
        case .title:
            let titles = items.map { $0.title.lowercased() }
            return titles.indices.sorted { (titles[$0], $0) < (titles[$1], $1) }.map { items[$0] }
        // A day without a time comes first on its day, as at midnight.
        case .due:
            return stableSorted(items) { item in
                item.due.map { ($0.ordinal, item.dueTime?.seconds ?? 0) } ?? (Int.max, 0)
            }
        case .priority:
            return stableSorted(items) {
                $0.priority.map { ($0.rank, 0) } ?? (Int.max, 0)
            }
        }
    }

    /// The keys are worked out once and their places sorted, not the to-dos: a to-do is a large
    /// value, and moving each a dozen times over made sorting the most of `todo next`'s work.
    private func stableSorted(_ items: [TodoItem], by key: (TodoItem) -> (Int, Int)) -> [TodoItem] {
        let keys = items.map(key)
        return keys.indices.sorted { (keys[$0].0, keys[$0].1, $0) < (keys[$1].0, keys[$1].1, $1) }.map { items[$0] }
    }
}
