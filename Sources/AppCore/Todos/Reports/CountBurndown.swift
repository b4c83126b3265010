import Essentials
import Fractal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Counts, at the end of each day or week from the one starting on `first` to the one holding
/// `last`, how many of the to-dos a query picks were open (made by then, and not done by then) and
/// how many done: Taskwarrior's burndown, told from the day each was made and the day it was done,
/// in the clock's time zone. A to-do deleted is counted nowhere. At most `TodoLimits.reportDays`
/// days are asked for.
func createCountBurndown(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(query: TodoQuery, period: BurndownPeriod, first: Day, last: Day)> {
    { request in
        answering(output) {
            try TodoLimits.checkReport(from: request.first, through: request.last)
            let (first, length) = (request.first.ordinal, request.period.days)
            let count = max(0, (request.last.ordinal - first) / length + 1)
            // What begins at each step, as differences: a to-do is open from the step it was made in
            // to the one it was done in, and done from then on.
            var opened = [Int](repeating: 0, count: count + 1)
            var done = [Int](repeating: 0, count: count + 1)
            func step(of moment: Date) -> Int {
                let days = Day(moment, in: clock.timeZone).ordinal - first
                return days < 0 ? 0 : min(count, days / length)
            }
            for item in try request.query.picks(in: try read(store), at: clock.now()) {
                let made = step(of: item.created)
                let finished = item.completed.map(step(of:)) ?? count
                if made < finished {
                    opened[made] += 1
                    opened[finished] -= 1
                }
                done[finished] += 1
            }
            var points: [BurndownPoint] = []
            var (open, closed) = (0, 0)
            for index in 0..<count {
                (open, closed) = (open + opened[index], closed + done[index])
                guard let start = Day(ordinal: first + index * length) else { break }
                points.append(BurndownPoint(start: start, open: open, done: closed))
            }
            return .burndown(points: points)
        }
    }
}
