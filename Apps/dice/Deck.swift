import AppCore
import ArgumentParser
import ProgramKit

struct DeckGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Draw from a deck of playing cards that lasts between runs.",
        discussion: """
            The deck lives in the store (see --store and --data), so a game can draw over many \
            runs: initiative decks, tarot spreads, card-driven games. Each draw takes a card at \
            random from those left, as from a deck well shuffled; `shuffle` gathers every card \
            back. A store that never held a deck starts with a fresh one of 52 cards.

            Cards are written AS, 10H, QD (rank, then S, H, D or C), RJ and BJ for the jokers.

            Examples:
              dice deck draw                one card
              dice deck draw 5 --seed 7     five cards, the same from the same deck
              dice deck shuffle --jokers    every card back, with the two jokers: 54
              dice deck show --json         what is left and what was drawn
            """,
        subcommands: [Draw.self, Shuffle.self, Show.self]
    )
}

extension DeckGroup {
    struct Draw: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "draw",
            abstract: "Draw cards, each at random from those left.",
            discussion: """
                Prints the cards drawn, then how many are left. Drawing more than are left is an \
                error (exit 1) that draws nothing. With --json, one object:
                {"seed": …, "cards": ["AS", …], "left": N}.
                """)

        @Argument(help: "How many cards to draw, from 1 to \(Deck.standard.count + Deck.jokers.count).")
        var count = 1

        @OptionGroup var chance: SeedOption
        @OptionGroup var common: CommonOptions

        func run() throws {
            try reportingFailures {
                let session = try Session(options: common, seed: chance.resolve())
                let answer = try session.send(.draw(count: count), to: DeckFeature.self)
                guard case .drew(let cards, let left) = answer else { throw ProgramFailure.unexpected(answer) }
                if common.json { return try printJSON(DrawReport(seed: session.seed, cards: cards, left: left)) }
                let style = TextStyle.forStandardOutput()
                print(cards.map { CardText.card($0, style: style) }.joined(separator: " "))
                print(style.dim("\(left) left"))
                if common.verbose { print(style.seedNote(session.seed)) }
            }
        }
    }

    struct Shuffle: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shuffle",
            abstract: "Gather every card back into a fresh deck.",
            discussion: "With --json, one object: {\"size\": 52} (54 with --jokers).")

        @Flag(help: "Add the two jokers: a deck of 54.")
        var jokers = false

        @OptionGroup var common: CommonOptions

        func run() throws {
            try reportingFailures {
                let answer = try Session(options: common).send(.shuffle(jokers: jokers), to: DeckFeature.self)
                guard case .shuffled(let size) = answer else { throw ProgramFailure.unexpected(answer) }
                if common.json { return try printJSON(["size": size]) }
                print("A fresh deck of \(size) cards.")
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show what is left in the deck and what was drawn.",
            discussion: """
                The cards left in the deck's order (spades, hearts, diamonds, clubs, then the \
                jokers), then those drawn, first drawn first. With --json, one object:
                {"left": ["AS", …], "drawn": […]}.
                """)

        @OptionGroup var common: CommonOptions

        func run() throws {
            try reportingFailures {
                let answer = try Session(options: common).send(.show, to: DeckFeature.self)
                guard case .shown(let left, let drawn) = answer else { throw ProgramFailure.unexpected(answer) }
                if common.json { return try printJSON(["left": left, "drawn": drawn]) }
                let style = TextStyle.forStandardOutput()
                let line = { (cards: [Card]) in cards.map { CardText.card($0, style: style) }.joined(separator: " ") }
                print("Left (\(left.count)): \(line(left))")
                print("Drawn (\(drawn.count)): \(drawn.isEmpty ? "none" : line(drawn))")
            }
        }
    }
}

/// The JSON object `dice deck draw --json` prints.
struct DrawReport: Encodable {
    let seed: UInt64
    let cards: [Card]
    let left: Int
}
