import AppCore
import Essentials
import ProgramKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How flips read as text.
enum FlipText {
    /// Up to twenty flips as words; more as rows of letters, which stay readable at any count.
    static func flips(_ flips: [CoinSide], style: TextStyle) -> String {
        if flips.count <= 20 { return flips.map { paint($0.rawValue, $0, style) }.concatenated(separator: " ") }
        return stride(from: 0, to: flips.count, by: 64)
            .map { row in
                flips[row..<min(row + 64, flips.count)].map { paint(String($0.letter), $0, style) }.concatenated()
            }
            .concatenated(separator: "\n")
    }

    /// `1 head, 4 tails`.
    static func counts(_ toss: CoinToss) -> String {
        "\(toss.heads) head\(toss.heads == 1 ? "" : "s"), \(toss.tails) tail\(toss.tails == 1 ? "" : "s")"
    }

    static func statistics(_ statistics: CoinStatistics) -> String {
        let verdict = statistics.pValue < 0.05 ? "surprising for a fair coin" : "unremarkable for a fair coin"
        return """
            longest run \(statistics.longestRun), \(statistics.runs) runs
            p = \(String(printf: "%.4g", statistics.pValue)) (two-sided binomial test): \(verdict)
            """
    }

    /// Letters, for a history line: at most `limit` of them, then how many more.
    static func letters(_ flips: [CoinSide], limit: Int = 20) -> String {
        let shown = String(flips.prefix(limit).map(\.letter))
        return flips.count > limit ? "\(shown)… (\(flips.count) flips)" : shown
    }

    private static func paint(_ text: String, _ side: CoinSide, _ style: TextStyle) -> String {
        side == .heads ? style.bold(text) : text
    }
}
