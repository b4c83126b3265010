/// One face of a coin.
public enum CoinSide: String, Codable, Equatable, Sendable, CaseIterable {
    case heads
    case tails

    /// The one-letter form used in sequences such as `HHT`.
    public var letter: Character { self == .heads ? "H" : "T" }

    public init?(letter: Character) {
        switch letter {
        case "H", "h": self = .heads
        case "T", "t": self = .tails
        default: return nil
        }
    }
}
