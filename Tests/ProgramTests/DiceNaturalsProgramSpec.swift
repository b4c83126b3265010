import Foundation
import Testing

/// A natural 20 or 1 on a d20 the result keeps is marked after its total without -v, in words
/// where there is no colour (here: standard output is a pipe). The seeds are chosen for the faces.
@Suite("dice, naturals marked")
struct DiceNaturalsProgramSpec {
    func roll(_ arguments: [String]) throws -> String {
        let run = try ProgramRun.of("dice", arguments + ["--store", "memory"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func aKeptD20sNaturalTwentyOrOneIsSaidAfterTheTotal() throws {
        // Seed 10 rolls a d20's 20 first, seed 9 its 1, seed 3 a 14.
        #expect(try roll(["1d20+5", "--seed", "10"]) == "25 (natural 20)\n")
        #expect(try roll(["1d20+5", "--seed", "9"]) == "6 (natural 1)\n")
        #expect(try roll(["1d20+5", "--seed", "3"]) == "19\n")
        #expect(try roll(["1d20+5", "--seed", "3", "--crit", "14"]) == "19 (critical 14)\n")
        // With labels and a comment, the mark stays beside the total.
        #expect(
            try roll(["1d20+5 [attack] # sword", "--seed", "10"]) == "25 (natural 20) (attack)  # sword\n")
    }

    @Test func aDroppedD20AndOtherDiceAreNotLookedAt() throws {
        // Seed 10: 2d20kl1 rolls 20 and 9, and keeps the 9.
        #expect(try roll(["2d20kl1", "--seed", "10"]) == "9\n")
        // A set's member left out is dropped with its dice: seed 10's first 1d20 is that 20.
        #expect(try roll(["{1d20,1d20}kl1", "--seed", "10"]) == "9\n")
        #expect(try roll(["{1d20,1d20}kh1", "--seed", "10"]) == "20 (natural 20)\n")
        #expect(try roll(["{1d20,1d20}kl1", "--seed", "10", "-v"]).contains("1d20: ~20▲~ → 20\n1d20: 9 → 9\n"))
        // Seed 10's first die is the highest face of a d6 too: no news on 3d6.
        #expect(!(try roll(["3d6", "--seed", "10"]).contains("(")))
        #expect(!(try roll(["1d20", "--seed", "10", "-v"]).contains("natural")), "-v marks each die instead")
    }

    @Test func theJSONSaysEachDiesSides() throws {
        let run = try ProgramRun.of("dice", ["1d20+2d6+4dF", "--seed", "1", "--json", "--store", "memory"])
        let dice = try #require(((try run.json()["results"] as? [[String: Any]])?.first?["dice"]) as? [[String: Any]])
        #expect(dice.map { $0["sides"] as? Int } == [20, 6, 6, nil, nil, nil, nil])
    }
}
