import Essentials
import Fractal

/// Counts the to-dos a query picks that are due on each day from `first` through `last`, the days
/// in order, and only those with one due. At most `TodoLimits.reportDays` days are asked for.
func createCountDueDays(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(query: TodoQuery, first: Day, last: Day)> {
    { request in
        answering(output) {
            try TodoLimits.checkReport(from: request.first, through: request.last)
            var counts: [Day: Int] = [:]
            for item in try request.query.picks(in: try read(store), at: clock.now()) {
                if let due = item.due, due >= request.first, due <= request.last { counts[due, default: 0] += 1 }
            }
            return .dueDays(counts: counts.sorted { $0.key < $1.key }.map { DueCount(day: $0.key, count: $0.value) })
        }
    }
}
