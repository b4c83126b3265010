import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Marks to-dos done, with the time, or open again: several at once are one command. A to-do
/// being worked on is stopped as it is done. A to-do already as asked is left as it is (done
/// again, it keeps the moment it was done); a command that finds every one so changes nothing.
/// A recurring to-do marked done makes the next one (`TodoItem.next`), in the same command, so
/// that undo takes back both; an instance of a recurring task of Taskwarrior's does where none
/// made after it is here (`TaskwarriorRecurrence`). A to-do that waits on others still open is
/// done all the same, and the answer names them.
func createMarkTodos(
    store: Store<TodoState>, random: RandomSource, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], done: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let change = TodoItem.Change.completed(request.done ? now : nil)
            let (edits, changed, already, report, abbreviation) = try reading(store) { todos in
                var (edits, changed, already): ([TodoEdit], [TodoItem], [TodoItem]) = ([], [], [])
                var report = DoneReport()
                var recurring = 0
                // Every to-do, read once a command and only where an instance of Taskwarrior's is done.
                var everyItem: [TodoItem]?
                for id in try todos.resolve(request.references) {
                    guard let item = try todos.item(id) else { continue }
                    guard (item.completed != nil) != request.done else {
                        already.append(item)
                        continue
                    }
                    // Done stops the work on it, as `todo stop` would.
                    let changes = request.done && item.started != nil ? [change] + item.stopped(at: now) : [change]
                    edits.append(.alter(id, changes))
                    changed.append(try item.alter(changes))
                    guard request.done, item.recur != nil else { continue }
                    recurring += 1
                    guard recurring <= TodoLimits.recurrencesAtOnce else {
                        throw TodoFailure.overLimit(
                            what: "recurring to-dos marked done at once", size: recurring,
                            limit: TodoLimits.recurrencesAtOnce, unit: nil)
                    }
                    // An instance of Taskwarrior's makes the next only where it is its template's
                    // latest: Taskwarrior may have made those after it already.
                    var index: Int?
                    if let parent = TaskwarriorRecurrence.parent(of: item) {
                        let all = try everyItem ?? todos.items.all()
                        everyItem = all
                        let chain = all.filter { TaskwarriorRecurrence.parent(of: $0) == parent }
                        let place = TaskwarriorRecurrence.index(of: item) ?? 0
                        if chain.contains(where: { (TaskwarriorRecurrence.index(of: $0) ?? 0) > place }) { continue }
                        index = TaskwarriorRecurrence.nextIndex(of: chain)
                    }
                    if var next = try item.next(id: TodoID.draw(from: random), at: now, timeZone: clock.timeZone) {
                        if let index { next.extras[TaskwarriorRecurrence.indexKey] = String(index) }
                        edits.append(.add(next, as: .forked))
                        report.next.append(DoneReport.Next(after: id, item: next))
                    } else {
                        report.ended.append(id)
                    }
                }
                // What still blocks a to-do done: those it waits on left open, this command's aside.
                // Looked for only where one waits on others, so that marking one costs no more.
                let waiting = request.done && changed.contains { !$0.depends.isEmpty }
                let done = waiting ? Set(changed.map(\.id)) : []
                for item in changed where waiting && !item.depends.isEmpty {
                    let blockers = try todos.openBlockers(of: item.alter(.completed(nil))).filter { !done.contains($0) }
                    if !blockers.isEmpty { report.blocked.append(TodoLinks.Link(id: item.id, others: blockers)) }
                }
                let abbreviation =
                    report.next.isEmpty
                    ? todos.abbreviation : try todos.abbreviation(adding: report.next.map(\.item.id))
                return (edits, changed, already, report, abbreviation)
            }
            if edits.isEmpty { return .unchanged(items: already, abbreviation: abbreviation) }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(request.done ? "done" : "reopen", naming: request.references), at: now,
                        edits: edits)), in: store)
            return report.isEmpty
                ? .changed(items: changed, abbreviation: abbreviation)
                : .completed(items: changed, abbreviation: abbreviation, report: report)
        }
    }
}

extension TodoItem {
    /// The to-do a recurring one makes when it is done: a copy with `id`, made at `now`, open and
    /// not started, due a period after this one's due day, its wait and scheduled moved as many
    /// days. None where it does not recur, where the next due day is past the days kept, or past
    /// its `until`, which ends the chain. Its uuid, which names this one, and its annotations, said
    /// of this one, are not copied.
    func next(id: TodoID, at now: Date, timeZone: Zone) throws(TodoFailure) -> TodoItem? {
        guard let recur, let due, let (day, carried) = recur.next(after: due) else { return nil }
        if let until, timeZone.moment(days: day.ordinal, second: dueTime?.seconds ?? 0) > until { return nil }
        let shift = day.ordinal - due.ordinal
        func moved(_ moment: Date?) -> Date? {
            moment.map {
                let (days, second) = timeZone.wallClock(at: $0)
                return timeZone.moment(days: days + shift, second: second)
            }
        }
        var next = try fork(id: id, at: now)
        (next.completed, next.started, next.secondsSpent, next.annotations) = (nil, nil, 0, Annotations())
        (next.due, next.recur, next.wait, next.scheduled) = (day, carried, moved(wait), moved(scheduled))
        next.extras["uuid"] = nil
        return next
    }
}
