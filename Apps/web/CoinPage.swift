import AppCore
import ProgramKit

/// Coin and 8-Ball: flip, flip until a sequence shows, ask; what was flipped and asked before.
enum CoinPage {
    /// What a command just answered, shown above the history.
    enum Outcome: Sendable {
        case flipped(CoinToss)
        case found(SequenceSearch)
        case answered(EightBallReading)
    }

    static func page(
        core: WebCore, code: String, outcome: Outcome? = nil, typed: FormFields = FormFields([:]),
        notice: String? = nil
    ) async throws -> Page {
        let count = typed["count"] ?? "1"
        let sequence = typed["sequence"] ?? ""
        let question = typed["question"] ?? ""
        let countBox: HTML = """
            <input name="count" type="number" min="1" max="\(CoinLimits.flips)" value="\(count)" aria-label="How many coins">
            """
        let sequenceBox: HTML = """
            <input name="sequence" value="\(sequence)" aria-label="Sequence" placeholder="HTH" required>
            """
        let questionBox: HTML = """
            <input name="question" value="\(question)" aria-label="Question" placeholder="Will it work?" required>
            """
        let forms: HTML = """
            \(PostForm(action: "/coin/flip", code: code)(countBox, button: "Flip", className: "add"))
            \(PostForm(action: "/coin/until", code: code)(sequenceBox, button: "Flip until it shows", className: "add"))
            \(PostForm(action: "/coin/ask", code: code)(questionBox, button: "Ask the 8-Ball", className: "add"))
            """
        let shown: HTML
        switch outcome {
        case .flipped(let toss)?:
            shown = """
                <section class="outcome"><p class="flips">\(toss.flips.count <= 10 ? toss.flips.map(\.rawValue).joined(separator: " ") : String(toss.flips.map(\.letter)))</p>\
                <p>\(counted(toss.heads, "head")), \(counted(toss.tails, "tail"))</p></section>
                """
        case .found(let search)?:
            let needed = search.flipsNeeded.map(String.init).joined(separator: ", ")
            shown = """
                <section class="outcome"><p><code>\(search.sequence)</code> showed after \(needed) \
                \(search.flipsNeeded.count == 1 && search.flipsNeeded.first == 1 ? "flip" : "flips") \
                (\(search.expectedFlips) expected)</p></section>
                """
        case .answered(let reading)?:
            shown = """
                <section class="outcome"><p class="question">\(reading.question)</p>\
                <p class="answer \(reading.face.kind.rawValue)">\(reading.face.text)</p></section>
                """
        case nil:
            shown = ""
        }
        let (_, zone) = try await core.clock()
        let time = LocalTime(timeZone: zone)
        let flips = try await core.send(.showHistory, to: CoinFeature.self)
        guard case .history(let tosses) = flips else { throw ProgramFailure.unexpected(flips) }
        let asked = try await core.send(.showHistory, to: EightBallFeature.self)
        guard case .history(let readings) = asked else { throw ProgramFailure.unexpected(asked) }
        let tossRows = tosses.prefix(30).map { toss -> HTML in
            let sides = String(toss.flips.prefix(40).map(\.letter)) + (toss.flips.count > 40 ? "…" : "")
            return """
                <tr><td>\(time.string(from: toss.at))</td><td class="flips">\(sides)</td>\
                <td>\(counted(toss.heads, "head")), \(counted(toss.tails, "tail"))</td></tr>
                """
        }
        let readingRows = readings.prefix(30).map { reading -> HTML in
            "<tr><td>\(time.string(from: reading.at))</td><td>\(reading.question)</td><td>\(reading.face.text)</td></tr>"
        }
        let flipped: HTML =
            tosses.isEmpty
            ? "<p class=\"empty\">No flips yet.</p>" : "<table class=\"history\"><tbody>\(tossRows)</tbody></table>"
        let answered: HTML =
            readings.isEmpty
            ? "<p class=\"empty\">No questions yet.</p>"
            : "<table class=\"history\"><tbody>\(readingRows)</tbody></table>"
        let live: HTML = "<h2>Flipped before</h2>\(flipped)<h2>Asked before</h2>\(answered)"
        return Page(
            section: .coin, title: "Coin & 8-Ball", source: "/coin", top: "\(forms)\(shown)", live: live, notice: notice
        )
    }

    private static func counted(_ count: Int, _ side: String) -> String {
        "\(count) \(side)\(count == 1 ? "" : "s")"
    }
}
