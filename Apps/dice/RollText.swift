import AppCore
import ProgramKit

/// How a result reads: its total, with what its labels came to and its comment; with -v, each
/// term's dice, `4d6kh3: 6 5 3 ~1~ → 14`.
enum RollText {
    /// A result without -v: `14`, or with labels `14 (slashing 11, fire 3)`, with its comment
    /// after it, and its expression before it where the line held several rolls; a natural 20 or
    /// 1 of a d20 it keeps is marked after the total (`naturals`).
    static func line(_ result: RollResult, of roll: DiceRoll, named: Bool, style: TextStyle) -> String {
        var text = named ? TerminalText.escaped(roll.expression) + ": \(result.total)" : "\(result.total)"
        if let naturals = naturals(result, style: style) { text += " " + naturals }
        if let labels = result.labels {
            let whole = labels.count == 1 && labels.first.map { "\($0.notation) [\($0.label)]" } == roll.expression
            let parts = whole ? labels.map(\.label) : labels.map { "\($0.label) \($0.value)" }
            text += " (" + TerminalText.escaped(parts.joined(separator: ", ")) + ")"
        }
        if let comment = roll.comment { text += "  # " + TerminalText.escaped(comment) }
        return text
    }

    /// What the d20s a result keeps showed at the ends of their range: on a terminal `▲` for a
    /// natural 20 (or a face of the range --crit gives) and `▼` for a natural 1, in green and red;
    /// without colour in words, `(natural 20)`, `(critical 19)`, `(natural 1)`. Nil where none did.
    static func naturals(_ result: RollResult, style: TextStyle) -> String? {
        var marks: [(face: Int, critical: Critical)] = []
        for die in result.terms.flatMap(\.dice) where die.sides == 20 && !die.dropped {
            guard let critical = die.critical, let face = die.faces.last,
                !marks.contains(where: { $0.face == face && $0.critical == critical })
            else { continue }
            marks.append((face, critical))
        }
        guard !marks.isEmpty else { return nil }
        if style.colours {
            return marks.map { $0.critical == .max ? style.green("▲") : style.red("▼") }.joined()
        }
        let words = marks.map { mark in
            mark.critical == .min ? "natural 1" : mark.face == 20 ? "natural 20" : "critical \(mark.face)"
        }
        return "(" + words.joined(separator: ", ") + ")"
    }

    /// A result with -v: each term's dice on a line, what each label came to, then `= total`.
    static func result(_ result: RollResult, style: TextStyle) -> String {
        let labels = (result.labels ?? []).map {
            "[\(TerminalText.escaped($0.label))] \(TerminalText.escaped($0.notation)) → \($0.value)"
        }
        return (result.terms.map { term($0, style: style) } + labels + [style.bold("= \(result.total)")])
            .joined(separator: "\n")
    }

    static func term(_ term: TermRoll, style: TextStyle) -> String {
        let dice = term.dice.map { die($0, style: style) }.joined(separator: " ")
        return "\(term.notation): \(dice) → \(term.value)"
    }

    static func die(_ die: DieRoll, style: TextStyle) -> String {
        var text: String
        if die.rerolled {
            text = die.faces.map(String.init).joined(separator: "→")
        } else if die.faces.count > 1 {
            text = "\(die.value)(\(die.faces.dropLast().map { "\($0)!" }.joined())\(die.faces.last ?? 0))"
        } else if let face = die.faces.first, face != die.value, !die.extra {
            text = "\(die.value)(\(face))"
        } else {
            text = "\(die.value)"
        }
        if die.exploded && die.faces.count == 1 { text += "!" }
        if die.extra { text = "+" + text }
        if die.success == true { text += "✓" }
        if die.failure == true { text += "✗" }
        switch die.critical {
        case .max: text = style.green(text + "▲")
        case .min: text = style.red(text + "▼")
        case nil: break
        }
        return die.dropped ? style.dim("~\(text)~") : text
    }
}
