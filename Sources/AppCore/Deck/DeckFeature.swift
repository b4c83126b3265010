import Essentials
import Fractal

/// The deck feature: a deck of playing cards that lasts between runs, drawn from at random and
/// shuffled back whole, for initiative decks, tarot spreads and card-driven games.
public func createDeckFeature(
    store: Store<Deck>, random: RandomSource, clock: TimeSource, output: @escaping Output<DeckAnswer>
) -> Input<DeckCommand> {
    let draw = createDrawCards(store: store, random: random, output: output)
    let shuffle = createShuffleDeck(store: store, output: output)
    let show = createShowDeck(store: store, output: output)
    return { command in
        switch command {
        case .draw(let count): draw(count)
        case .shuffle(let jokers): shuffle(jokers)
        case .show: show(())
        }
    }
}
