import Fractal

/// Draws `count` cards, each at random from those left, with the injected random source.
///
/// The cards are chosen from the deck as this program last read it; another program may draw one
/// of them first, between that read and the change, and the deck then refuses the change whole.
/// The draw is then chosen again from the deck as it is now, a few times, before it gives up.
func createDrawCards(
    store: Store<Deck>, random: RandomSource, output: @escaping Output<DeckAnswer>
) -> Input<Int> {
    { count in
        let limit = Deck.standard.count + Deck.jokers.count
        guard (1...limit).contains(count) else {
            return output(.failed(reason: .countOutOfRange(count: count, limit: limit)))
        }
        var refused: DeckFailure?
        for _ in 0..<attempts {
            var left: [Card]
            do {
                left = try store.state().left
            } catch {
                return output(.failed(reason: .said(error)))
            }
            guard count <= left.count else {
                return output(.failed(reason: .notEnoughCards(asked: count, left: left.count)))
            }
            let cards = (0..<count).map { _ in left.remove(at: Int(random.uniform(below: UInt64(left.count)))) }
            do {
                try store.change(.draw(cards: cards))
                return output(.drew(cards: cards, left: left.count))
            } catch let failure as DeckFailure {
                refused = failure  // another program drew one of these first: choose again
            } catch {
                return output(.failed(reason: .said(error)))
            }
        }
        output(.failed(reason: refused ?? .notStored(reason: "the deck kept changing")))
    }
}

/// How many times a draw is chosen again when other programs keep drawing first.
private let attempts = 20
