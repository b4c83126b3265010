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

/// The deck of cards as the core registers it.
public enum DeckFeature: Feature {
    public typealias State = Deck
    public static let name = "deck"

    public static func create(
        store: Store<Deck>, environment: AppEnvironment, output: @escaping Output<DeckAnswer>
    ) -> Input<DeckCommand> {
        createDeckFeature(store: store, random: environment.random, clock: environment.clock, output: output)
    }

    public static let sampleCommands: [DeckCommand] = [
        .draw(count: 3), .draw(count: 60), .show, .shuffle(jokers: true), .draw(count: 54), .draw(count: 1),
    ]
}

extension DeckAnswer: FailingAnswer {
    public var failure: (any AppFailure)? { if case .failed(let reason) = self { reason } else { nil } }
}

extension Named where Whole == AppState, Kind == Commands {
    /// A command to the deck feature, as the core's commands read: `.deck(…)`.
    public static func deck(_ command: DeckCommand) -> Self { Self(DeckFeature.self, command) }
}

extension Named where Whole == AppState, Kind == Answers {
    /// An answer of the deck feature, as the core's answers read: `.deck(…)`.
    public static func deck(_ answer: DeckAnswer) -> Self { Self(DeckFeature.self, answer) }
}
