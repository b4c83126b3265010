/// What the deck feature answers.
public enum DeckAnswer: Codable, Equatable, Sendable {
    /// The cards drawn, in order, and how many are left.
    case drew(cards: [Card], left: Int)
    /// A fresh deck of `size` cards.
    case shuffled(size: Int)
    /// What is left, in the standard order, and what was drawn, first drawn first.
    case shown(left: [Card], drawn: [Card])
    case failed(reason: DeckFailure)
}
