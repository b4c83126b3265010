import AppCore
import Testing

/// What players bring from Roll20, Foundry and d20 (Avrae's library): each spelling refused here
/// says what it is written as here, and both meanings where the tools disagree.
@Suite("Other tools' spellings")
struct OtherToolsSpellingsSpec {
    @Test(arguments: [
        ("4d6k3", ["4d6kh3", "Roll20", "d20", "showing 3", "3*(4d6=3)"]),
        ("4d6d1", ["Roll20", "4d6dl1"]),
        ("1d6e6", ["d20", "1d6!=6"]),
        ("1d6e>4", ["d20", "1d6!>4"]),
        ("4d6mi2", ["d20", "4d6min2"]),
        ("4d6ma4", ["d20", "4d6max4"]),
        ("1d6ra6", ["d20", "1d6!o=6"]),
        ("4d6pl1", ["d20", "4d6dl1"]),
        ("4d6p1", ["d20", "showing 1", "no spelling here"]),
        ("(1d20,1d20)kh1", ["d20", "{1d20,1d20}kh1"]),
        ("3d6x", ["Foundry", "3d6!"]),
        ("3d6xo", ["Foundry", "3d6!o"]),
        ("3d6x>=5", ["Foundry", "3d6!>=5"]),
        ("3d6 k3", ["3d6 kh3"]),
        // A player's words at the table: advantage, disadvantage, a name where a label goes.
        ("1d20 adv", ["advantage", "2d20kh1"]),
        ("1d20+5 advantage", ["advantage", "2d20kh1"]),
        ("1d20 dis", ["disadvantage", "2d20kl1"]),
        ("1d20 + 5 dex", ["“dex” is no dice", "[dex]"]),
        ("2d6 dmg", ["“dmg” is no dice", "brackets"]),
        // Roll20's critical range after the one d20 a roll keeps, which counts here: refused,
        // naming both ways to write what was meant.
        ("1d20cs>=19", ["Roll20", "cs>=19", "1d20 --crit 19", "1d20 >= 19"]),
        ("d20cs>19", ["Roll20", "d20 --crit 20", "d20 > 19"]),
        ("1D20CF<=2", ["Roll20", "critical failure", "1D20 <= 2"]),
        ("1d20cf1", ["natural 1 is marked already", "1d20 = 1"]),
        ("1d20cs19", ["1d20 = 19"]),
        ("2d20kh1cs>=19", ["2d20kh1 --crit 19", "2d20kh1 >= 19"]),
        ("1d20r1cs>=19", ["1d20r1 --crit 19", "1d20r1 >= 19"]),
        ("1d20 cs>=19", ["1d20 --crit 19", "1d20 >= 19"]),
        ("3d20kh2dl1cs>=19", ["3d20kh2dl1 --crit 19"]),
        // --crit takes the whole roll, but the cs and cf.
        ("1d20cs>=19+5", ["write 1d20+5 --crit 19", "1d20 >= 19"]),
        ("1d20cs>=19cf<=2", ["write 1d20 --crit 19", "1d20 >= 19"]),
        ("1d20cf1 + 2", ["a natural 1 is marked already (1d20 + 2 alone)"]),
    ])
    func aSpellingOfAnotherToolSaysWhatToWriteHere(_ text: String, _ words: [String]) {
        guard case .syntax(let expression, _, let problem) = DiceUnderTest().failure(text) else {
            Issue.record("\"\(text)\" was not refused as a syntax error")
            return
        }
        #expect(expression == text)
        for word in words { #expect(problem.contains(word), "\"\(problem)\" should say \(word)") }
        #expect(!problem.contains("\n"))
    }

    /// --crit N marks N and up, from 2 to 20: no other range is said to be it.
    @Test(arguments: ["1d20cs19", "1d20cs<=2", "1d20cs<2", "1d20cs>=1", "1d20cs>20", "1d20cs>=21", "1d20cf>=19"])
    func aRangeThatCritDoesNotMarkIsNotSaidToBe(_ text: String) {
        guard case .syntax(_, _, let problem) = DiceUnderTest().failure(text) else {
            Issue.record("\"\(text)\" was not refused as a syntax error")
            return
        }
        #expect(!problem.contains("--crit") && !problem.contains("natural 1"), "\(problem)")
    }

    @Test func whatAHintSuggestsRolls() throws {
        for written in [
            "4d6kh3", "3*(4d6=3)", "4d6dl1", "1d6!=6", "4d6min2", "4d6max4", "1d6!o=6", "{1d20,1d20}kh1", "1d20>=19",
            "1d20 = 19", "2d20kh1 >= 19", "1d20r1 >= 19", "1D20 <= 2", "3d20kh2dl1 >= 19",
            "1d20+5", "1d20 + 2",
            // Counting on more dice than one d20, or after an explosion, is what cs is for here.
            "2d20cs>=19", "6d10!cs>=8", "1d20!cs>=19", "3d6cs>=5", "3d20kh2cs>=19",
        ] {
            #expect(DiceUnderTest().failure(written) == nil, "\(written)")
        }
    }
}
