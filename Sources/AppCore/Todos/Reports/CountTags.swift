import Essentials
import Fractal

/// Counts the to-dos a query picks under each tag they carry, the tags in the order of their names.
func createCountTags(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoQuery> {
    { query in
        answering(output) {
            var counts: [String: Int] = [:]
            for item in try query.picks(in: try read(store), at: clock.now()) {
                for tag in item.tags { counts[tag, default: 0] += 1 }
            }
            return .tags(counts: counts.sorted { $0.key < $1.key }.map { TagCount(tag: $0.key, count: $0.value) })
        }
    }
}
