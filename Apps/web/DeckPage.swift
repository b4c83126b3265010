import AppCore
import ProgramKit

/// The deck that lasts between runs: draw, shuffle, and what is left.
enum DeckPage {
    static func page(
        core: WebCore, code: String, drew: [Card]? = nil, typed: FormFields = FormFields([:]),
        notice: String? = nil
    ) async throws -> Page {
        let count = typed["count"] ?? "1"
        let countBox: HTML = """
            <input name="count" type="number" min="1" value="\(count)" aria-label="How many cards">
            """
        let jokersBox: HTML = """
            <label><input type="checkbox" name="jokers" value="yes"> with two jokers</label>
            """
        let forms: HTML = """
            \(PostForm(action: "/deck/draw", code: code)(countBox, button: "Draw", className: "add"))
            \(PostForm(action: "/deck/shuffle", code: code)(jokersBox, button: "Shuffle a new deck", className: "add"))
            """
        let shown: HTML = drew.map { "<section class=\"outcome\"><p class=\"cards\">\(cards($0))</p></section>" } ?? ""
        let answer = try await core.send(.show, to: DeckFeature.self)
        guard case .shown(let left, let drawn) = answer else { throw ProgramFailure.unexpected(answer) }
        let shownDrawn: HTML =
            drawn.isEmpty ? "<p class=\"empty\">None yet.</p>" : "<p class=\"cards\">\(cards(drawn))</p>"
        let live: HTML = """
            <p class="count">\(left.count) \(left.count == 1 ? "card" : "cards") left, \(drawn.count) drawn</p>
            <h2>Drawn</h2>\(shownDrawn)
            """
        return Page(section: .deck, title: "Deck", source: "/deck", top: "\(forms)\(shown)", live: live, notice: notice)
    }

    /// Cards as players read them, `A♠ 10♥`, red suits marked for colour.
    static func cards(_ cards: [Card]) -> HTML {
        HTML(
            cards.map { card -> HTML in
                switch card {
                case .suited(let rank, let suit):
                    let (symbol, red) =
                        switch suit {
                        case .spades: ("♠", false)
                        case .hearts: ("♥", true)
                        case .diamonds: ("♦", true)
                        case .clubs: ("♣", false)
                        }
                    return "<span class=\"card\(red ? " red" : "")\">\(rank.name)\(symbol)</span>"
                case .joker(let color):
                    return "<span class=\"card joker\(color == .red ? " red" : "")\">Joker</span>"
                }
            }, separator: " ")
    }
}
