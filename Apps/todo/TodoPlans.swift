import AppCore
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a to-do is planned for beside its due day, said where it was just set (`todo add`,
/// `todo edit`): when it is scheduled and expires; and a warning where it waits past
/// its due moment, as Taskwarrior warns, for it would then be hidden until after it is due.
enum TodoPlans {
    /// `  scheduled 2026-12-02 09:00  until 2026-12-31 23:59:59`, each that it has, which its line
    /// leaves out (it says a wait still to come); empty where it has neither.
    static func said(_ item: TodoItem, timeZone: Zone) -> String {
        let time = LocalTime(timeZone: timeZone)
        return [("scheduled", item.scheduled), ("until", item.until)]
            .compactMap { label, moment in moment.map { "  \(label) \(time.string(from: $0))" } }
            .joined()
    }

    /// Warns on standard error, a line, where `item` waits until after it is due.
    static func warnOfWaitAfterDue(_ item: TodoItem, timeZone: Zone) {
        guard let wait = item.wait, let due = item.due, !item.isCompleted else { return }
        // Due on a day as a whole is due through its last second.
        let dueMoment = timeZone.moment(days: due.ordinal, second: item.dueTime?.seconds ?? 86_399)
        guard wait > dueMoment else { return }
        let time = LocalTime(timeZone: timeZone)
        StandardError.line(
            "Warning: \(item.title.isEmpty ? "it" : "\"\(TerminalText.escaped(item.title))\"") waits until "
                + "\(time.string(from: wait)), after it is due (\(time.string(from: dueMoment))): "
                + "it stays hidden until then")
    }
}
