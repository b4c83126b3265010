import AppCore
import Essentials
import Foundation
import Testing

typealias DeckUnderTest = ModuleUnderTest<Deck, DeckCommand, DeckAnswer>

extension ModuleUnderTest where State == Deck, In == DeckCommand, Out == DeckAnswer {
    init(seed: UInt64 = 1) { self.init(seed: seed, clock: .fixed(noon), createDeckFeature) }

    /// Draws, and returns the cards drawn (none where the draw failed).
    func draw(_ count: Int) -> [Card] {
        send(.draw(count: count))
        guard case .drew(let cards, _) = received().last else { return [] }
        return cards
    }
}

@Suite("Deck feature, built alone")
struct DeckSpec {
    @Test func aFreshDeckHoldsTheFiftyTwoCardsNoneDrawn() {
        let deck = Deck()
        #expect(deck.left.count == 52)
        #expect(Set(deck.left).count == 52)
        #expect(deck.drawn.isEmpty)
        #expect(!deck.left.contains(.joker(.red)))
    }

    @Test func drawingMovesTheCardsFromTheDeckToTheDrawnInOrder() throws {
        let deck = DeckUnderTest()
        let cards = deck.draw(3)
        #expect(cards.count == 3)
        #expect(deck.received().last == .drew(cards: cards, left: 49))
        #expect(try deck.store.state().drawn == cards)
        #expect(try deck.store.state().left == Deck.standard.filter { !cards.contains($0) })
    }

    @Test func theSameSeedDrawsTheSameCardsAndAnotherSeedOthers() {
        #expect(DeckUnderTest(seed: 7).draw(5) == DeckUnderTest(seed: 7).draw(5))
        #expect(DeckUnderTest(seed: 7).draw(5) != DeckUnderTest(seed: 8).draw(5))
    }

    @Test func drawingEveryCardEmptiesTheDeckWithEachCardOnce() throws {
        let deck = DeckUnderTest()
        let cards = deck.draw(52)
        #expect(Set(cards) == Set(Deck.standard))
        #expect(try deck.store.state().left.isEmpty)
    }

    @Test func drawingFromAnEmptyDeckFailsAndChangesNothing() throws {
        let deck = DeckUnderTest()
        _ = deck.draw(52)
        let before = try deck.store.state()
        deck.send(.draw(count: 1))
        #expect(deck.received().last == .failed(reason: .notEnoughCards(asked: 1, left: 0)))
        #expect(try deck.store.state() == before)
    }

    @Test func drawingMoreThanAreLeftDrawsNothing() throws {
        let deck = DeckUnderTest()
        _ = deck.draw(50)
        deck.send(.draw(count: 3))
        #expect(deck.received().last == .failed(reason: .notEnoughCards(asked: 3, left: 2)))
        #expect(try deck.store.state().left.count == 2)
    }

    @Test(arguments: [0, -1, 55])
    func aCountOutOfRangeIsRefused(_ count: Int) throws {
        let deck = DeckUnderTest()
        deck.send(.draw(count: count))
        #expect(deck.received().last == .failed(reason: .countOutOfRange(count: count, limit: 54)))
        #expect(try deck.store.state() == Deck())
    }

    @Test(arguments: [false, true])
    func shufflingGathersEveryCardBack(_ jokers: Bool) throws {
        let deck = DeckUnderTest()
        _ = deck.draw(10)
        deck.send(.shuffle(jokers: jokers))
        #expect(deck.received().last == .shuffled(size: jokers ? 54 : 52))
        #expect(try deck.store.state().left == Deck.standard + (jokers ? Deck.jokers : []))
        #expect(try deck.store.state().drawn.isEmpty)
    }

    @Test func showingTellsWhatIsLeftAndWhatWasDrawn() {
        let deck = DeckUnderTest()
        let cards = deck.draw(2)
        deck.send(.show)
        #expect(deck.received().last == .shown(left: Deck.standard.filter { !cards.contains($0) }, drawn: cards))
    }

    @Test func aDrawOfACardNoLongerThereIsRefusedWhole() throws {
        let deck = try Deck().alter(.draw(cards: [.suited(Card.Rank.all[0], .spades)]))
        #expect(throws: DeckFailure.notInDeck(card: "AS")) {
            try deck.alter(.draw(cards: [.suited(Card.Rank.all[1], .spades), .suited(Card.Rank.all[0], .spades)]))
        }
    }

    @Test func everyCardIsFair() {
        // The first card of 13,000 seeded fresh decks: each of the 52 about 250 times, and a
        // chi-square with 51 degrees of freedom below 87.97, its 0.1 % critical value.
        var counts: [Card: Int] = [:]
        for seed in 0..<13_000 { counts[DeckUnderTest(seed: UInt64(seed)).draw(1)[0], default: 0] += 1 }
        #expect(counts.count == 52)
        let chiSquare = counts.values.map { Double(($0 - 250) * ($0 - 250)) / 250 }.reduce(0, +)
        #expect(chiSquare < 87.97)
    }

    @Test func everyCardIsWrittenByItsCodeAndReadBack() throws {
        let cards = Deck.standard + Deck.jokers
        let codes = cards.map(\.code)
        #expect(codes.prefix(3) == ["AS", "2S", "3S"])
        #expect(codes.contains("10H") && codes.contains("QD") && codes.suffix(2) == ["RJ", "BJ"])
        #expect(cards.map { Card(code: $0.code) } == cards)
        let json = try ValueCoding.makeEncoder().encode(cards)
        #expect(try ValueCoding.makeDecoder().decode([Card].self, from: json) == cards)
        for code in ["", "1S", "11H", "AX", "J", "ZJ", "as"] { #expect(Card(code: code) == nil, "\(code)") }
    }
}
