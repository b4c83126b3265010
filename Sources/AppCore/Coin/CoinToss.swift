import Foundation

/// One command's worth of coin flips, in the order they fell.
public struct CoinToss: Codable, Equatable, Sendable {
    public let flips: [CoinSide]
    public let at: Date

    public init(flips: [CoinSide], at: Date) {
        self.flips = flips
        self.at = at
    }

    public var heads: Int { flips.count { $0 == .heads } }
    public var tails: Int { flips.count - heads }

    // Flips are kept as one string of letters ("HTTH"): a stored toss of many flips stays small,
    // and a scenario file stays readable.
    private enum CodingKeys: String, CodingKey { case flips, at }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let letters = try container.decode(String.self, forKey: .flips)
        var flips: [CoinSide] = []
        flips.reserveCapacity(letters.count)
        for letter in letters {
            guard let side = CoinSide(letter: letter) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .flips, in: container,
                    debugDescription: "a flip is H or T, not \"\(letter)\"")
            }
            flips.append(side)
        }
        self.flips = flips
        at = try container.decode(Date.self, forKey: .at)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(flips.map(\.letter)), forKey: .flips)
        try container.encode(at, forKey: .at)
    }
}
