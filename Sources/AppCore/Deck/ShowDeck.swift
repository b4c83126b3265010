import Fractal

/// Shows what is left in the deck and what was drawn.
func createShowDeck(store: Store<Deck>, output: @escaping Output<DeckAnswer>) -> Input<Void> {
    { _ in
        do {
            let deck = try store.state()
            output(.shown(left: deck.left, drawn: deck.drawn))
        } catch {
            output(.failed(reason: .unreadable(reason: "\(error)")))
        }
    }
}
