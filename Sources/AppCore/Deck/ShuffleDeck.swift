import Fractal

/// Gathers every card back into a fresh deck: 52 cards, or 54 with the jokers.
func createShuffleDeck(store: Store<Deck>, output: @escaping Output<DeckAnswer>) -> Input<Bool> {
    { jokers in
        answering(output) {
            try store.change(.shuffle(jokers: jokers))
            return .shuffled(size: Deck.standard.count + (jokers ? Deck.jokers.count : 0))
        }
    }
}
