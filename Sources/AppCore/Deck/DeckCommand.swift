/// What the deck feature is asked to do.
public enum DeckCommand: Codable, Equatable, Sendable {
    case draw(count: Int)
    case shuffle(jokers: Bool)
    case show
}
