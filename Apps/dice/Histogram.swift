import AppCore
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A distribution drawn in the terminal: one row per total while they are few enough to read, or
/// per range of totals when there are more, each with its percentage; the negligible tails at
/// either end folded into one line each, so that no row says 0.000 %. The exact odds of
/// `--stats`, or what a run of `--times N --summary` observed. With `--plot`, the rows give way
/// to a column chart (`DistributionChart`), the tails folded the same way.
enum Histogram {
    static let rows = 60
    static let width = 40
    /// How much of the distribution each folded tail may hold at most: a twentieth of a percent.
    static let negligible = 0.0005

    /// The statistics as text: rows, or with `chart` a column chart fitted to that terminal.
    static func text(_ statistics: DiceStatistics, style: TextStyle, chart: TerminalCapabilities? = nil) -> String {
        let range =
            "min \(statistics.min.map(String.init) ?? "unbounded"), max \(statistics.max.map(String.init) ?? "unbounded")"
        let lines =
            [
                style.bold(statistics.expression)
                    + ": \(range), mean \(format(statistics.mean)), "
                    + "standard deviation \(format(statistics.standardDeviation))"
            ] + (statistics.labels ?? []).map(labelLine)
        let body = bars(statistics.distribution, beyond: statistics.tailMass, style: style, chart: chart)
        return (lines + body).joined(separator: "\n")
    }

    /// One label's terms on their own: `  [fire] 2d6: min 2, max 12, mean 7.000, standard deviation 2.415`.
    private static func labelLine(_ label: DiceLabelStatistics) -> String {
        "  [\(TerminalText.escaped(label.label))] \(TerminalText.escaped(label.notation)): "
            + "min \(label.min.map(String.init) ?? "unbounded"), max \(label.max.map(String.init) ?? "unbounded"), "
            + "mean \(format(label.mean)), standard deviation \(format(label.standardDeviation))"
    }

    static func text(_ tally: DiceRollTally, style: TextStyle, chart: TerminalCapabilities? = nil) -> String {
        let rolls = Double(tally.rolls)
        let header =
            style.bold(TerminalText.escaped(tally.expression))
            + ", \(tally.rolls) result\(tally.rolls == 1 ? "" : "s"): min \(tally.min), max \(tally.max), "
            + "mean \(format(tally.mean)), "
            + "standard deviation \(format(tally.standardDeviation))"
            + (tally.comment.map { "  # " + TerminalText.escaped($0) } ?? "")
        let shares = tally.counts.map { DiceStatistics.Outcome(value: $0.value, probability: Double($0.count) / rolls) }
        return ([header] + bars(shares, beyond: 0, style: style, chart: chart)).joined(separator: "\n")
    }

    /// The rows (or the chart), and a line for each tail folded away; `beyond` is what lies past
    /// the last total weighed (the odds of exploding dice that no total holds).
    private static func bars(
        _ outcomes: [DiceStatistics.Outcome], beyond: Double, style: TextStyle, chart: TerminalCapabilities?
    ) -> [String] {
        let (shown, below, above) = folded(outcomes.filter { $0.probability > 0 }, beyond: beyond)
        if let chart {
            let more = chart.unicode ? "…" : "..."
            let tails = [
                below > 0 ? shown.first.map { "\(more) \(percent(below)) below \($0.value)" } : nil,
                above > 0 ? shown.last.map { "\(more) \(percent(above)) above \($0.value)" } : nil,
            ]
            return DistributionChart.lines(shown, columns: chart.columns, unicode: chart.unicode)
                + tails.compactMap { $0.map(style.dim) }
        }
        let bins = binned(shown)
        let largest = bins.map(\.probability).max() ?? 1
        let labelWidth = bins.map(\.label.count).max() ?? 1
        var lines = bins.map { bin in
            let bar = String(repeating: "█", count: Int((bin.probability / largest * Double(width)).rounded()))
            let label = String(repeating: " ", count: labelWidth - bin.label.count) + bin.label
            return "\(label) \(percent(bin.probability).padded(to: 8)) \(bar)"
        }
        if below > 0, let first = shown.first?.value {
            lines.insert(style.dim("… \(percent(below)) below \(first)"), at: 0)
        }
        if above > 0, let last = shown.last?.value { lines.append(style.dim("… \(percent(above)) above \(last)")) }
        return lines
    }

    /// The totals worth a row, and how much the tails at either end hold together: each as much
    /// as it can while it holds no more than `negligible` (with `beyond` in the upper one).
    private static func folded(_ outcomes: [DiceStatistics.Outcome], beyond: Double) -> (
        shown: ArraySlice<DiceStatistics.Outcome>, below: Double, above: Double
    ) {
        var (start, end, below, above) = (outcomes.startIndex, outcomes.endIndex, 0.0, beyond)
        while end - start > 1, above + outcomes[end - 1].probability <= negligible {
            above += outcomes[end - 1].probability
            end -= 1
        }
        while end - start > 1, below + outcomes[start].probability <= negligible {
            below += outcomes[start].probability
            start += 1
        }
        return (outcomes[start..<end], below, above)
    }

    private static func binned(_ outcomes: ArraySlice<DiceStatistics.Outcome>) -> [(label: String, probability: Double)]
    {
        guard let first = outcomes.first?.value, let last = outcomes.last?.value else { return [] }
        guard outcomes.count > rows else { return outcomes.map { ("\($0.value)", $0.probability) } }
        // Counted unsigned, wrapping where it may, as the chart counts: totals a tally saw may lie
        // further apart than an Int counts.
        let distance = UInt64(bitPattern: Int64(last &- first))
        let size = distance / UInt64(rows) + 1
        let (count, step) = (Int(distance / size) + 1, Int(truncatingIfNeeded: size))
        var bins: [(label: String, probability: Double)] = (0..<count).map { index in
            let start = first &+ index &* step
            return ("\(start)–\(index == count - 1 ? last : start &+ step &- 1)", 0)
        }
        for outcome in outcomes {
            bins[Int(UInt64(bitPattern: Int64(outcome.value &- first)) / size)].probability += outcome.probability
        }
        return bins
    }

    /// A share as a percentage, never one that rounds to nothing: below a thousandth of a
    /// percent it says so.
    static func percent(_ share: Double) -> String {
        share * 100 < 0.0005 ? "<0.001%" : String(printf: "%.3f%%", share * 100)
    }

    /// Three decimals, and never `-0.000`: a mean that rounds to nothing is nothing.
    private static func format(_ value: Double) -> String {
        String(printf: "%.3f", abs(value) < 0.0005 ? 0 : value)
    }
}

extension String {
    /// The string, spaces in front, `width` characters long at least.
    func padded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
