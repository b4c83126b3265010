/// Which to-dos a list shows, and in what order.
public struct TodoQuery: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case open, done, all
    }

    public enum Order: String, Codable, Sendable, CaseIterable {
        case created, due, priority, title
    }

    public let status: Status
    public let tag: String?
    public let dueBefore: Day?
    public let search: String?
    public let order: Order

    public init(
        status: Status = .open, tag: String? = nil, dueBefore: Day? = nil, search: String? = nil,
        order: Order = .created
    ) {
        self.status = status
        self.tag = tag
        self.dueBefore = dueBefore
        self.search = search
        self.order = order
    }

    func matches(_ item: TodoItem) -> Bool {
        switch status {
        case .open where item.isCompleted, .done where !item.isCompleted: return false
        default: break
        }
        if let tag, !item.tags.contains(tag) { return false }
        if let dueBefore {
            guard let due = item.due, due < dueBefore else { return false }
        }
        if let search, !search.isEmpty {
            let words = Self.folded(search)
            let found = Self.folded(item.title).contains(words) || Self.folded(item.notes).contains(words)
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
        case .created: return items
        case .title:
            return items.enumerated().sorted {
                ($0.element.title.lowercased(), $0.offset) < ($1.element.title.lowercased(), $1.offset)
            }.map(\.element)
        case .due: return stableSorted(items) { $0.due.map { ($0.ordinal, 0) } ?? (Int.max, 0) }
        case .priority:
            return stableSorted(items) {
                $0.priority.map { (Priority.allCases.firstIndex(of: $0) ?? 0, 0) } ?? (Int.max, 0)
            }
        }
    }

    private func stableSorted(_ items: [TodoItem], by key: (TodoItem) -> (Int, Int)) -> [TodoItem] {
        items.enumerated().sorted { (key($0.element).0, $0.offset) < (key($1.element).0, $1.offset) }.map(\.element)
    }
}
