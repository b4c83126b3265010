/// Why a deck command did not happen, in words for the person who asked.
public enum DeckFailure: AppFailure, Codable, Equatable, Sendable {
    case countOutOfRange(count: Int, limit: Int)
    case notEnoughCards(asked: Int, left: Int)
    case notInDeck(card: String)
    case notStored(reason: String)
    /// What the store holds could not be read.
    case unreadable(reason: String)

    public var kind: FailureKind {
        switch self {
        case .countOutOfRange: .invalidRequest
        case .notEnoughCards, .notInDeck: .notFound
        case .notStored: .storage
        case .unreadable: .unreadable
        }
    }

    public var description: String {
        switch self {
        case .countOutOfRange(let count, let limit):
            "cannot draw \(count) cards: draw from 1 to \(limit) at a time"
        case .notEnoughCards(let asked, 0):
            "the deck is empty, so \(asked == 1 ? "no card" : "no \(asked) cards") can be drawn; `dice deck shuffle` gathers every card back"
        case .notEnoughCards(let asked, let left):
            "cannot draw \(asked) cards: \(left) \(left == 1 ? "is" : "are") left; `dice deck shuffle` gathers every card back"
        case .notInDeck(let card):
            "\(card) is no longer in the deck: another draw took it first"
        case .notStored(let reason):
            "the deck was not changed: \(reason)"
        case .unreadable(let reason): reason
        }
    }
}
