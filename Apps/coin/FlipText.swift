import AppCore

/// How flips read as text.
enum FlipText {
    /// Up to twenty flips as words; more as rows of letters, which stay readable at any count.
    static func flips(_ flips: [CoinSide]) -> String {
        if flips.count <= 20 { return flips.map(\.rawValue).joined(separator: " ") }
        let letters = flips.map(\.letter)
        return stride(from: 0, to: letters.count, by: 64)
            .map { String(letters[$0..<min($0 + 64, letters.count)]) }
            .joined(separator: "\n")
    }

    static func counts(_ toss: CoinToss) -> String {
        "\(toss.heads) heads, \(toss.tails) tails"
    }
}
