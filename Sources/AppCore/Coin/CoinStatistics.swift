#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run of flips says: counts, runs, and how surprising it is for a fair coin.
public struct CoinStatistics: Codable, Equatable, Sendable {
    public let flips: Int
    public let heads: Int
    public let tails: Int
    /// The most flips in a row that fell the same way.
    public let longestRun: Int
    /// How many stretches of the same side the flips make (`HHTH` has three).
    public let runs: Int
    /// The chance that a fair coin gives counts at least this far from even: the exact two-sided
    /// binomial test. Near 1 is unremarkable; below 0.05 is the usual mark of surprise.
    public let pValue: Double

    public init(_ flips: [CoinSide]) {
        self.flips = flips.count
        heads = flips.count { $0 == .heads }
        tails = flips.count - heads
        var longest = 0
        var current = 0
        var runs = 0
        var previous: CoinSide?
        for flip in flips {
            if flip == previous {
                current += 1
            } else {
                runs += 1
                current = 1
                previous = flip
            }
            longest = max(longest, current)
        }
        longestRun = longest
        self.runs = runs
        pValue = Self.twoSidedBinomialPValue(flips: flips.count, heads: heads)
    }

    /// For a fair coin the distribution is symmetric, so the two-sided p-value is twice the lower
    /// tail, P(X ≤ min(heads, tails)), capped at 1. Summed in logarithms so that a hundred thousand
    /// flips neither overflow nor lose their precision.
    static func twoSidedBinomialPValue(flips n: Int, heads: Int) -> Double {
        guard n > 0 else { return 1 }
        let fewer = min(heads, n - heads)
        let logHalfToTheN = -Double(n) * log(2.0)
        let logNFactorial = logGamma(Double(n) + 1)
        let tail = (0...fewer).reduce(0.0) { sum, k in
            let logChoose = logNFactorial - logGamma(Double(k) + 1) - logGamma(Double(n - k) + 1)
            return sum + exp(logChoose + logHalfToTheN)
        }
        return min(1, 2 * tail)
    }
}
