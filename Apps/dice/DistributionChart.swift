import AppCore
import ProgramKit

/// A distribution drawn as a column chart: a column a total, or a range of totals where more
/// than the terminal's width holds, as tall as its share against the largest; in eighths of a
/// row with Unicode's block characters, in whole rows of `#` where the terminal is not UTF-8.
/// Totals that cannot happen are columns of nothing, so the shape is not squeezed.
enum DistributionChart {
    static let height = 12
    static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart's lines for `outcomes` (the tails already folded away), at most `columns` wide.
    static func lines(_ outcomes: ArraySlice<DiceStatistics.Outcome>, columns: Int, unicode: Bool) -> [String] {
        guard let first = outcomes.first?.value, let last = outcomes.last?.value else { return [] }
        // The axis is labelled with the tallest column's share, at most "100.000%" wide.
        let axis = 9
        let room = max(1, columns - axis - 1)
        // Counted unsigned, wrapping where it may: totals a tally saw may lie further apart than
        // an Int counts, and every total a column starts at lies between `first` and `last`.
        let distance = UInt64(bitPattern: Int64(last &- first))
        let size = distance / UInt64(room) + 1
        var shares = [Double](repeating: 0, count: Int(distance / size) + 1)
        for outcome in outcomes {
            shares[Int(UInt64(bitPattern: Int64(outcome.value &- first)) / size)] += outcome.probability
        }
        let largest = shares.max() ?? 1
        let scale = Histogram.percent(largest)
        // Each column as wide as the room allows, up to three characters and a space.
        let width = max(1, min(4, room / shares.count))
        let bar = width > 1 ? width - 1 : 1
        let levels = shares.map { share in
            let full = share / largest * Double(height * (unicode ? 8 : 1))
            return share > 0 ? max(1, Int(full.rounded())) : 0
        }
        var lines: [String] = []
        for row in (0..<height).reversed() {
            let left =
                row == height - 1
                ? scale.padded(to: axis - 1) + (unicode ? " ┤" : " +")
                : String(
                    repeating: " ", count: axis) + (unicode ? "│" : "|")
            var line = left
            for level in levels {
                let filled = unicode ? min(8, max(0, level - row * 8)) : (level > row ? 8 : 0)
                let cell = unicode ? eighths[filled] : (filled > 0 ? "#" : " ")
                line += String(repeating: cell, count: bar) + (width > 1 ? " " : "")
            }
            lines.append(line.trailingSpacesRemoved)
        }
        let drawn = levels.count * width
        lines.append(
            String(repeating: " ", count: axis) + (unicode ? "└" : "+")
                + String(repeating: unicode ? "─" : "-", count: drawn))
        // The lowest total under the first column, the highest ending under the last, where
        // both fit.
        let dash = unicode ? "–" : "-"
        let step = Int(truncatingIfNeeded: size)
        let lowest = size > 1 ? "\(first)\(dash)\(first &+ step &- 1)" : "\(first)"
        let highest = size > 1 ? "\(first &+ (levels.count - 1) &* step)\(dash)\(last)" : "\(last)"
        let gap = drawn - lowest.count - highest.count - (width > 1 ? 1 : 0)
        let under = levels.count > 1 && gap >= 1 ? lowest + String(repeating: " ", count: gap) + highest : lowest
        lines.append(String(repeating: " ", count: axis + 1) + under)
        return lines
    }
}

extension String {
    fileprivate var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
