import Essentials

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How urgent a to-do is, as Taskwarrior 2.6 reckons it with its default settings: the sum, over
/// each term, of its coefficient times how far the to-do has it (a factor from 0 to 1). `todo
/// next` lists the open to-dos most urgent first.
///
/// Taskwarrior's terms for user-defined attributes are left out: a to-do keeps them as extras, text
/// it does not read.
public enum UrgencyTerm: String, CaseIterable, Sendable {
    case nextTag, due, blocking, highPriority, mediumPriority, lowPriority, scheduled, active, age, annotations,
        tags, project, waiting, blocked

    public var coefficient: Double {
        switch self {
        case .nextTag: 15
        case .due: 12
        case .blocking: 8
        case .highPriority: 6
        case .mediumPriority: 3.9
        case .lowPriority: 1.8
        case .scheduled: 5
        case .active: 4
        case .age: 2
        case .annotations: 1
        case .tags: 1
        case .project: 1
        case .waiting: -3
        case .blocked: -5
        }
    }

    /// What gives the term its factor, in words for `todo next --help`.
    public var explanation: String {
        switch self {
        case .nextTag: "tagged +next"
        case .due: "due: 1 a week overdue, evenly down to 0.2 two weeks ahead"
        case .blocking: "an open to-do waits on it"
        case .highPriority: "priority high"
        case .mediumPriority: "priority medium"
        case .lowPriority: "priority low (C); D to Z add nothing, as in Taskwarrior"
        case .scheduled: "scheduled to begin before now"
        case .active: "started (todo start)"
        case .age: "age: whole days since it was made over 365, at most 1"
        case .annotations: "annotations and notes: 0.8 for one, 0.9 for two, 1 for three or more"
        case .tags: "tags: 0.8 for one, 0.9 for two, 1 for three or more"
        case .project: "in a project"
        case .waiting: "waiting until a moment still to come"
        case .blocked: "it waits on an open to-do"
        }
    }

    /// How far `item` has this term at `now`, from 0 to 1; a due day is read in `timeZone`, at
    /// its time, or at its start where it has none, as Taskwarrior keeps a day alone. Whether it
    /// is blocked or blocking, `blocking` tells, worked out once for all the to-dos ranked.
    public func factor(of item: TodoItem, at now: Date, in timeZone: Zone, blocking: TodoBlocking) -> Double {
        switch self {
        case .nextTag: return item.tags.contains("next") ? 1 : 0
        case .due:
            guard let due = item.due else { return 0 }
            let moment = timeZone.moment(days: due.ordinal, second: item.dueTime?.seconds ?? 0)
            let daysOverdue = Double((now.milliseconds - moment.milliseconds) / 1_000) / 86_400
            if daysOverdue >= 7 { return 1 }
            if daysOverdue >= -14 { return (daysOverdue + 14) * 0.8 / 21 + 0.2 }
            return 0.2
        case .highPriority: return item.priority == .high ? 1 : 0
        case .mediumPriority: return item.priority == .medium ? 1 : 0
        case .lowPriority: return item.priority == .low ? 1 : 0
        case .scheduled: return item.scheduled.map { $0 < now } == true ? 1 : 0
        case .active: return item.started != nil ? 1 : 0
        case .age:
            let days = (now.milliseconds - item.created.milliseconds) / 86_400_000
            return days > 365 ? 1 : Double(max(0, days)) / 365
        case .blocking: return blocking.isBlocking(item.id) ? 1 : 0
        case .blocked: return blocking.isBlocked(item.id) ? 1 : 0
        // The notes are one annotation: Taskwarrior's export writes them as one made with the
        // task, and its import reads such a one as the notes.
        case .annotations: return Self.countFactor(item.annotations.all.count + (item.notes.isEmpty ? 0 : 1))
        case .tags: return Self.countFactor(item.tags.count)
        case .project: return item.project != nil ? 1 : 0
        case .waiting: return item.isWaiting(at: now) ? 1 : 0
        }
    }

    /// Taskwarrior's factor for how many tags or annotations a to-do has.
    private static func countFactor(_ count: Int) -> Double {
        switch count {
        case 0: 0
        case 1: 0.8
        case 2: 0.9
        default: 1
        }
    }
}

extension TodoItem {
    /// How urgent it is at `now`: each term's coefficient times its factor, summed. `blocking`
    /// tells whether it is blocked or blocking; by default it is neither.
    public func urgency(at now: Date, in timeZone: Zone, blocking: TodoBlocking = TodoBlocking()) -> Double {
        UrgencyTerm.allCases.reduce(0) {
            $0 + $1.coefficient * $1.factor(of: self, at: now, in: timeZone, blocking: blocking)
        }
    }
}
