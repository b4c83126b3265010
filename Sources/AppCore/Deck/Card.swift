/// A playing card: a rank of a suit, or a joker.
///
/// Written as a person writes it down, `AS`, `10H`, `QD`, and `RJ`/`BJ` for the red and the
/// black joker: the same in the store, in scenarios and in `--json`.
public enum Card: Hashable, Sendable {
    case suited(Rank, Suit)
    case joker(JokerColor)

    public enum Suit: String, CaseIterable, Sendable {
        case spades = "S"
        case hearts = "H"
        case diamonds = "D"
        case clubs = "C"
    }

    /// Ace to king, counted 1 to 13.
    public struct Rank: Hashable, Sendable {
        public let value: Int

        public static let all = (1...13).map(Rank.init)

        /// `A`, `2` … `10`, `J`, `Q`, `K`.
        public var name: String {
            switch value {
            case 1: "A"
            case 11: "J"
            case 12: "Q"
            case 13: "K"
            default: String(value)
            }
        }

        init(_ value: Int) {
            self.value = value
        }

        init?(name: Substring) {
            guard let value = Self.all.first(where: { $0.name == name })?.value else { return nil }
            self.value = value
        }
    }

    public enum JokerColor: String, CaseIterable, Sendable {
        case red = "R"
        case black = "B"
    }

    /// `AS`, `10H`, `RJ`.
    public var code: String {
        switch self {
        case .suited(let rank, let suit): rank.name + suit.rawValue
        case .joker(let color): color.rawValue + "J"
        }
    }

    public init?(code: String) {
        guard let last = code.last else { return nil }
        let head = code.dropLast()
        if last == "J", let color = JokerColor(rawValue: String(head)) {
            self = .joker(color)
        } else if let suit = Suit(rawValue: String(last)), let rank = Rank(name: head) {
            self = .suited(rank, suit)
        } else {
            return nil
        }
    }
}

extension Card: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let card = Card(code: code) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(code)\" is not a card such as AS, 10H or RJ")
        }
        self = card
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
