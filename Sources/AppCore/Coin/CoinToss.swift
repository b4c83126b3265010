#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One command's worth of coin flips, in the order they fell.
public struct CoinToss: Codable, Equatable, Sendable {
    private let sides: Sides
    public let at: Date

    public init(flips: [CoinSide], at: Date) {
        sides = Sides(flips)
        self.at = at
    }

    /// `count` flips, each the next `side()`: a toss of a few coins, nearly every toss, is made
    /// without an array.
    public init(count: Int, at: Date, side: () -> CoinSide) {
        if count <= Sides.fewest {
            var bits: UInt64 = 0
            for position in 0..<count where side() == .heads { bits |= 1 << position }
            sides = .few(heads: bits, count: count)
        } else {
            sides = .many((0..<count).map { _ in side() })
        }
        self.at = at
    }

    public var flips: [CoinSide] {
        switch sides {
        case .few(let bits, let count): (0..<count).map { bits >> $0 & 1 == 1 ? .heads : .tails }
        case .many(let flips): flips
        }
    }

    public var heads: Int {
        switch sides {
        case .few(let bits, _): bits.nonzeroBitCount
        case .many(let flips): flips.count { $0 == .heads }
        }
    }

    public var tails: Int {
        switch sides {
        case .few(_, let count): count - heads
        case .many(let flips): flips.count - heads
        }
    }

    /// The flips, as one bit each while they fit in a word (1 for heads, the first flip lowest),
    /// so that keeping a toss of a few coins allocates nothing; an array beyond. Every toss has
    /// one form only, so equal tosses compare equal.
    private enum Sides: Equatable, Sendable {
        case few(heads: UInt64, count: Int)
        case many([CoinSide])

        static let fewest = UInt64.bitWidth

        init(_ flips: [CoinSide]) {
            guard flips.count <= Self.fewest else {
                self = .many(flips)
                return
            }
            var bits: UInt64 = 0
            for (position, side) in flips.enumerated() where side == .heads { bits |= 1 << position }
            self = .few(heads: bits, count: flips.count)
        }
    }

    // Flips are kept as one string of letters ("HTTH"): a stored toss of many flips stays small,
    // and a scenario file stays readable.
    private enum CodingKeys: String, CodingKey { case flips, at }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            sides = Sides(try Self.flips(try container.decode(String.self, forKey: .flips)))
        } catch let refused as NotAFlip {
            throw DecodingError.dataCorruptedError(
                forKey: .flips, in: container, debugDescription: "a flip is H or T, not \"\(refused.letter)\"")
        }
        at = try container.decode(Date.self, forKey: .at)
    }

    /// The flips as the letters they are kept as (`HTTH`).
    var letters: String { String(flips.map(\.letter)) }

    struct NotAFlip: Error {
        let letter: Character
    }

    /// The flips `letters` spell.
    static func flips(_ letters: String) throws(NotAFlip) -> [CoinSide] {
        var flips: [CoinSide] = []
        flips.reserveCapacity(letters.utf8.count)
        for letter in letters {
            guard let side = CoinSide(letter: letter) else { throw NotAFlip(letter: letter) }
            flips.append(side)
        }
        return flips
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(letters, forKey: .flips)
        try container.encode(at, forKey: .at)
    }
}
