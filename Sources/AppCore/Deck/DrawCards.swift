import Fractal

/// Draws `count` cards, each at random from those left, with the injected random source.
func createDrawCards(
    store: Store<Deck>, random: RandomSource, output: @escaping Output<DeckAnswer>
) -> Input<Int> {
    { count in
        let limit = Deck.standard.count + Deck.jokers.count
        guard (1...limit).contains(count) else {
            return output(.failed(reason: .countOutOfRange(count: count, limit: limit)))
        }
        var left = store.state().left
        guard count <= left.count else {
            return output(.failed(reason: .notEnoughCards(asked: count, left: left.count)))
        }
        let cards = (0..<count).map { _ in left.remove(at: Int(random.uniform(below: UInt64(left.count)))) }
        do {
            try store.change([.draw(cards: cards)])
            output(.drew(cards: cards, left: store.state().left.count))
        } catch let failure as DeckFailure {
            output(.failed(reason: failure))
        } catch {
            output(.failed(reason: .notStored(reason: "\(error)")))
        }
    }
}
