/// How many flips it took, each time, until a sequence such as `HHT` appeared.
public struct SequenceSearch: Codable, Equatable, Sendable {
    /// The sequence, as letters: `HHT`.
    public let sequence: String
    /// The flips each search took, the last flip completing the sequence.
    public let flipsNeeded: [Int]

    public init(sequence: String, flipsNeeded: [Int]) {
        self.sequence = sequence
        self.flipsNeeded = flipsNeeded
    }

    public var mean: Double {
        flipsNeeded.isEmpty ? 0 : Double(flipsNeeded.reduce(0, +)) / Double(flipsNeeded.count)
    }

    /// The flips a fair coin takes on average to show the sequence: the sum of 2^k over every k
    /// at which the sequence's first k letters equal its last k (Conway's leading numbers), so
    /// 8 for HHT, 6 for HH and 10 for HTH.
    public var expectedFlips: Int {
        let letters = Array(sequence)
        return (1...max(1, letters.count)).reduce(0) { sum, k in
            letters.prefix(k).elementsEqual(letters.suffix(k)) ? sum + (1 << k) : sum
        }
    }
}
