import Fractal

/// Shows what is left in the deck and what was drawn.
func createShowDeck(store: Store<Deck>, output: @escaping Output<DeckAnswer>) -> Input<Void> {
    { _ in
        answering(output) {
            let deck = try store.state()
            return .shown(left: deck.left, drawn: deck.drawn)
        }
    }
}
