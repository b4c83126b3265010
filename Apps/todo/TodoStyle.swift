import AppCore
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a to-do's line is drawn: with colours or without, and as it stands at a moment, which tells
/// what is overdue, due today, waiting or expired.
struct TodoStyle {
    let text: TextStyle
    let now: Date
    let timeZone: Zone
    let today: Day
    /// The second of today it is now: read once, not for each line (the system's zone asks the C
    /// library each time).
    let secondOfToday: Int

    init(text: TextStyle, now: Date, timeZone: Zone) {
        (self.text, self.now, self.timeZone) = (text, now, timeZone)
        today = Day(now, in: timeZone)
        secondOfToday = timeZone.wallClock(at: now).second
    }

    /// The style for standard output as it is now, at the session's moment.
    static func forStandardOutput(in session: Session) -> TodoStyle {
        TodoStyle(text: .forStandardOutput(), now: session.now, timeZone: session.timeZone)
    }

    /// How an open to-do's due day stands: past (overdue), today, or neither.
    enum Due {
        case overdue, today
    }

    /// Whether `item`, open, is overdue (due before today, or today at a time gone by) or due today.
    func due(_ item: TodoItem) -> Due? {
        guard let due = item.due, !item.isCompleted, due <= today else { return nil }
        if due < today { return .overdue }
        guard let time = item.dueTime else { return .today }
        return time.seconds < secondOfToday ? .overdue : .today
    }
}
