import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Starts work on to-dos, or stops it, adding the time since the start to the time spent:
/// several at once are one command. A to-do started already is not started again, nor one not
/// started stopped: the command is refused, nothing kept, so that no start is lost.
func createTrackTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], starting: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let (edits, changed, abbreviation) = try reading(store) { todos in
                var edits: [TodoEdit] = []
                var changed: [TodoItem] = []
                for id in try todos.resolve(request.references) {
                    guard let item = try todos.item(id) else { continue }
                    let changes = try item.tracked(starting: request.starting, at: now, named: id.value)
                    edits.append(.alter(id, changes))
                    changed.append(try item.alter(changes))
                }
                return (edits, changed, todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(request.starting ? "start" : "stop", naming: request.references), at: now,
                        edits: edits)), in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}

extension TodoItem {
    /// The changes that start work on it at `now`, or stop it then.
    func tracked(starting: Bool, at now: Date, named reference: String) throws(TodoFailure) -> [Change] {
        if starting {
            guard started == nil else { throw .alreadyStarted(reference: reference) }
            return [.started(now)]
        }
        guard started != nil else { throw .notStarted(reference: reference) }
        return stopped(at: now)
    }

    /// The changes that stop work on it at `now`, the time since it started added to the time
    /// spent; none where it was not started. A start after `now` (a clock set back) adds nothing.
    func stopped(at now: Date) -> [Change] {
        started == nil ? [] : [.started(nil), .secondsSpent(secondsSpent(at: now))]
    }

    /// The time spent on it by `now`: what was spent, and, while it is worked on, the time since
    /// it started. A start after `now` (a clock set back) adds nothing.
    public func secondsSpent(at now: Date) -> Int {
        guard let started, !isCompleted else { return secondsSpent }
        let (total, overflow) = secondsSpent.addingReportingOverflow(
            max(0, Int((now.milliseconds - started.milliseconds) / 1_000)))
        return overflow ? Int.max : total
    }
}
