import AppCore
import ProgramKit

/// The dice table: a box for an expression, the roll with every die shown, what was rolled
/// before (live), and the expression's exact distribution drawn on the server.
enum DicePage {
    static func page(
        core: WebCore, code: String, expression: String, rolled: [DiceRoll] = [], charted: Bool = true,
        notice: String? = nil
    ) async throws -> Page {
        // A chart for each expression rolled, or for the one in the box: weighing may take the core
        // seconds, so only for a page of this server's own asking (see `WebRoutes`).
        var charts: [HTML] = []
        let weighed = rolled.isEmpty ? (expression.isEmpty || !charted ? [] : [expression]) : rolled.map(\.expression)
        if !charted && !expression.isEmpty {
            charts.append("<p class=\"hint\">Press Roll to roll it and see its distribution.</p>")
        }
        for weighed in weighed {
            do {
                let answer = try await core.send(.weigh(expression: weighed), to: DiceFeature.self)
                guard case .weighed(let statistics) = answer else { throw ProgramFailure.unexpected(answer) }
                charts.append(DistributionChart.figure(statistics))
            } catch let failure as ProgramFailure {
                charts.append("<p class=\"hint\">No chart: \(failure.description)</p>")
            }
        }
        let box: HTML = """
            <input name="expression" value="\(expression)" aria-label="Dice" placeholder="1d20+5 [attack] # to hit" \
            autocomplete="off" required>
            """
        let form = PostForm(action: "/dice/roll", code: code)(box, button: "Roll", className: "add")
        let hint: HTML = """
            <p class="hint">Dice as <code>dice</code> reads them: <code>4d6kh3</code>, <code>2d6 [fire] + 1d6 [cold]</code>, \
            <code>1d20+5 # to hit</code>, several at once separated by spaces.</p>
            """
        let result = HTML(rolled.map(roll))
        let history = try await core.send(.showHistory, to: DiceFeature.self)
        guard case .history(let rolls) = history else { throw ProgramFailure.unexpected(history) }
        let (_, zone) = try await core.clock()
        let rows = rolls.prefix(50).map { roll -> HTML in
            let totals = roll.results.map { String($0.total) }.joined(separator: ", ")
            let comment: HTML = roll.comment.map { " <span class=\"comment\"># \($0)</span>" } ?? ""
            return """
                <tr><td>\(LocalTime(timeZone: zone).string(from: roll.at))</td><td><code>\(roll.expression)</code>\
                \(comment)</td><td class="total">\(totals)</td></tr>
                """
        }
        let live: HTML =
            rolls.isEmpty
            ? "<p class=\"empty\">No rolls yet.</p>"
            : "<h2>Rolled before</h2><table class=\"history\"><tbody>\(rows)</tbody></table>"
        return Page(
            section: .dice, title: "Dice", source: "/dice",
            top: "\(form)\(hint)\(result)\(charts)", live: live, notice: notice)
    }

    /// A roll, every die shown: kept ones plain, dropped ones struck through, a die that showed its
    /// highest or lowest face marked in words as well as in colour.
    static func roll(_ roll: DiceRoll) -> HTML {
        let results = roll.results.map { result -> HTML in
            let terms = result.terms.map { term -> HTML in
                let dice = term.dice.map { die -> HTML in
                    var kinds: [String] = ["die"]
                    var marks = ""
                    if die.dropped { kinds.append("dropped") }
                    if die.exploded { (kinds, marks) = (kinds + ["exploded"], marks + "!") }
                    switch die.critical {
                    case .max?: (kinds, marks) = (kinds + ["max"], marks + " (max)")
                    case .min?: (kinds, marks) = (kinds + ["min"], marks + " (min)")
                    case nil: break
                    }
                    return "<span class=\"\(kinds.joined(separator: " "))\">\(die.value)\(marks)</span>"
                }
                return "<li><code>\(term.notation)</code>: \(dice) → \(term.value)</li>"
            }
            let labels = (result.labels ?? []).map { label -> HTML in
                "<li><span class=\"label\">[\(label.label)]</span> <code>\(label.notation)</code> = \(label.value)</li>"
            }
            return """
                <div class="roll"><p class="total" data-total="\(result.total)">\(result.total)</p>\
                <ul class="terms">\(terms)\(labels)</ul></div>
                """
        }
        let comment: HTML = roll.comment.map { "<p class=\"comment\"># \($0)</p>" } ?? ""
        return "<section class=\"rolled\"><h2><code>\(roll.expression)</code></h2>\(comment)\(results)</section>"
    }
}
