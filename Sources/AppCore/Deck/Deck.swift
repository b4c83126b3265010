import Fractal
import Stores

/// The deck's state: the cards left to draw and those drawn, in the order they were drawn.
///
/// A draw takes a card at random from those left, as from a deck well shuffled, so the cards
/// left have no order to keep. A fresh deck is the 52 cards, none drawn.
public struct Deck: Changeable, Fresh {
    public enum Change: Codable, Equatable, Sendable {
        /// These cards leave the deck, in this order.
        case draw(cards: [Card])
        /// Every card back, a fresh deck of 52, or 54 with the two jokers.
        case shuffle(jokers: Bool)
    }

    /// The 52 cards of a standard deck, spades to clubs, ace to king.
    public static let standard = Card.Suit.allCases.flatMap { suit in Card.Rank.all.map { Card.suited($0, suit) } }
    /// The two jokers, red then black.
    public static let jokers = Card.JokerColor.allCases.map(Card.joker)

    /// The cards left, in the standard order.
    public private(set) var left: [Card]
    /// The cards drawn since the last shuffle, first drawn first.
    public private(set) var drawn: [Card]

    public init() {
        left = Self.standard
        drawn = []
    }

    public mutating func apply(_ change: Change) throws(DeckFailure) {
        switch change {
        case .draw(let cards):
            var remaining = left
            for card in cards {
                guard let index = remaining.firstIndex(of: card) else { throw .notInDeck(card: card.code) }
                remaining.remove(at: index)
            }
            left = remaining
            drawn += cards
        case .shuffle(let jokers):
            left = jokers ? Self.standard + Self.jokers : Self.standard
            drawn = []
        }
    }
}

// How a store keeps a change to the deck: through its `Codable` form; a draw is a few cards.
extension Deck.Change: BinaryFieldDecodable, BinaryFieldEncodable {
    public init(fields: inout BinaryFieldReader) throws {
        self = try fields.value(Self.self)
    }

    public func write(fields: inout BinaryFieldWriter) throws {
        try fields.value(self)
    }
}
