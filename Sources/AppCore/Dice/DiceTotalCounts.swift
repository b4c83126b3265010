/// How often each total came up in a tally: in an array indexed by total while the totals lie
/// within `denseSpan` of one another, where counting one is an addition, and in a dictionary
/// past that (a million rolls of `1d1000000` would fill an array with few counts).
struct DiceTotalCounts {
    static let denseSpan = 4_096
    /// The total counted in `dense[0]`.
    private var lowest = 0
    private var dense: [Int] = []
    private var sparse: [Int: Int]?

    mutating func count(_ total: Int) {
        let (offset, overflow) = total.subtractingReportingOverflow(lowest)
        if !overflow && offset >= 0 && offset < dense.count {
            dense[offset] += 1
        } else if sparse != nil {
            sparse?[total, default: 0] += 1
        } else {
            widen(to: total)
        }
    }

    /// Every total that came up, with how often.
    var counts: [Int: Int] {
        guard sparse == nil else { return sparse ?? [:] }
        var counts: [Int: Int] = [:]
        for (offset, count) in dense.enumerated() where count > 0 { counts[lowest + offset] = count }
        return counts
    }

    /// Counts a total outside the array: the array grows to hold it, or, where it would span
    /// too many totals, every count moves to the dictionary.
    private mutating func widen(to total: Int) {
        guard !dense.isEmpty else {
            (lowest, dense) = (total, [1])
            return
        }
        let low = min(lowest, total)
        let (high, overflow) = max(lowest + dense.count - 1, total).subtractingReportingOverflow(low)
        guard !overflow, high < Self.denseSpan else {
            var moved = counts
            moved[total, default: 0] += 1
            (sparse, dense) = (moved, [])
            return
        }
        var grown = [Int](repeating: 0, count: high + 1)
        for (offset, count) in dense.enumerated() { grown[lowest - low + offset] = count }
        grown[total - low] += 1
        (lowest, dense) = (low, grown)
    }
}
