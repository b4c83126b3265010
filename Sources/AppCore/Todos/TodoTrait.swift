#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a to-do has or is, as one of Taskwarrior's virtual tags asks it: `+ACTIVE`, `+PROJECT`.
/// The virtual tags that ask about due days or statuses are filters of those
/// (`TodoFilterWords.virtualTags`); these are the rest.
public enum TodoTrait: String, Codable, CaseIterable, Sendable {
    /// Started and not done: `+ACTIVE`.
    case active
    case annotated
    case project
    case tagged
    case priority
    case recurring
    case scheduled
    case until
    /// Not scheduled to begin after now: with open and unblocked, `+READY`.
    case scheduledByNow

    func holds(for item: TodoItem, at now: Date) -> Bool {
        switch self {
        case .active: item.isActive
        case .annotated: !item.annotations.all.isEmpty
        case .project: item.project != nil
        case .tagged: !item.tags.isEmpty
        case .priority: item.priority != nil
        case .recurring: item.recur != nil
        case .scheduled: item.scheduled != nil
        case .until: item.until != nil
        case .scheduledByNow: item.scheduled.map { $0 <= now } ?? true
        }
    }

    /// The fields it looks at.
    var fieldsRead: Set<String> {
        switch self {
        case .active: ["started", "completed"]
        case .annotated: ["annotations"]
        case .project: ["project"]
        case .tagged: ["tags"]
        case .priority: ["priority"]
        case .recurring: ["recur"]
        case .scheduled, .scheduledByNow: ["scheduled"]
        case .until: ["until"]
        }
    }
}
