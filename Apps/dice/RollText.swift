import AppCore
import ProgramKit

/// How a term's dice read with -v: `4d6kh3: 6 5 3 ~1~ → 14`.
enum RollText {
    /// A result with -v: each term's dice on a line, then `= total`.
    static func result(_ result: RollResult, style: TextStyle) -> String {
        (result.terms.map { term($0, style: style) } + [style.bold("= \(result.total)")]).joined(separator: "\n")
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
        return die.dropped ? style.dim("~\(text)~") : text
    }
}
