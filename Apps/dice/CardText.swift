import AppCore
import ProgramKit

/// A card as a person reads it: `A♠`, `10♥` (red on a terminal), `red Joker`.
enum CardText {
    static func card(_ card: Card, style: TextStyle) -> String {
        switch card {
        case .suited(let rank, let suit):
            let text = rank.name + symbol(suit)
            return suit == .hearts || suit == .diamonds ? style.red(text) : text
        case .joker(.red): return style.red("red Joker")
        case .joker(.black): return "black Joker"
        }
    }

    private static func symbol(_ suit: Card.Suit) -> String {
        switch suit {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }
}
