import AppCore
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A distribution drawn in the terminal: one row per total, or per range of totals when there
/// are too many to read, each with its percentage. The exact odds of `--stats`, or what a run of
/// `--times N --summary` observed.
enum Histogram {
    static let rows = 40
    static let width = 40

    static func text(_ statistics: DiceStatistics, style: TextStyle) -> String {
        let range =
            "min \(statistics.min.map(String.init) ?? "unbounded"), max \(statistics.max.map(String.init) ?? "unbounded")"
        var lines = [
            style.bold(statistics.expression)
                + ": \(range), mean \(format(statistics.mean)), standard deviation \(format(statistics.standardDeviation))"
        ]
        lines += bars(statistics.distribution)
        if statistics.tailMass > 0 {
            lines.append(
                style.dim(
                    "totals beyond these have probability \(String(printf: "%.1e", statistics.tailMass)) together"))
        }
        return lines.joined(separator: "\n")
    }

    static func text(_ tally: DiceRollTally, style: TextStyle) -> String {
        let rolls = Double(tally.rolls)
        let header =
            style.bold(tally.expression)
            + ", \(tally.rolls) result\(tally.rolls == 1 ? "" : "s"): min \(tally.min), max \(tally.max), "
            + "mean \(format(tally.mean)), "
            + "standard deviation \(format(tally.standardDeviation))"
        let shares = tally.counts.map { DiceStatistics.Outcome(value: $0.value, probability: Double($0.count) / rolls) }
        return ([header] + bars(shares)).joined(separator: "\n")
    }

    private static func bars(_ outcomes: [DiceStatistics.Outcome]) -> [String] {
        let bins = binned(outcomes)
        let largest = bins.map(\.probability).max() ?? 1
        let labelWidth = bins.map(\.label.count).max() ?? 1
        return bins.map { bin in
            let bar = String(repeating: "█", count: Int((bin.probability / largest * Double(width)).rounded()))
            let label = String(repeating: " ", count: labelWidth - bin.label.count) + bin.label
            return "\(label) \(String(printf: "%7.3f%%", bin.probability * 100)) \(bar)"
        }
    }

    private static func binned(_ outcomes: [DiceStatistics.Outcome]) -> [(label: String, probability: Double)] {
        guard let first = outcomes.first?.value, let last = outcomes.last?.value else { return [] }
        let span = last - first + 1
        guard span > rows else {
            let byValue = Dictionary(outcomes.map { ($0.value, $0.probability) }, uniquingKeysWith: +)
            return (first...last).map { ("\($0)", byValue[$0] ?? 0) }
        }
        let size = (span + rows - 1) / rows
        var bins: [(label: String, probability: Double)] = stride(from: first, through: last, by: size).map { start in
            ("\(start)–\(min(start + size - 1, last))", 0)
        }
        for outcome in outcomes { bins[(outcome.value - first) / size].probability += outcome.probability }
        return bins
    }

    private static func format(_ value: Double) -> String {
        String(printf: "%.3f", value)
    }
}
