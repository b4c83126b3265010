import AppCore
import Testing

/// A long run of terms, a sum of thousands of dice as a player may paste it, rolls and weighs as a
/// short one does, with the same value, and no walk over it goes as deep as it is long.
@Suite("Dice, long runs of terms")
struct DiceLongChainSpec {
    /// Numbers joined by + and - at random, and by * and / in runs: the total is the one
    /// arithmetic gives left to right.
    @Test(arguments: 0..<20)
    func aLongRunHasTheValueOfItsTermsTakenLeftToRight(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let count = 16 + Int(random.next() % 200)
        var text = "\(1 + random.next() % 9)"
        var expected = Int(text) ?? 0
        for _ in 1..<count {
            let value = Int(1 + random.next() % 9)
            let adds = random.next() % 2 == 0
            text += (adds ? "+" : "-") + "\(value)"
            expected += adds ? value : -value
        }
        #expect(try DiceUnderTest().roll(text).results[0].total == expected, "\(text)")
        #expect(try DiceUnderTest().weigh(text).distribution.map(\.value) == [expected])
        let product = Array(repeating: "1", count: count).joined(separator: "*") + "*3/2*2*2"
        #expect(try DiceUnderTest().roll(product).results[0].total == 4)
    }

    @Test(.slow) func nineThousandDiceAddedRollAndFourThousandWeigh() throws {
        let rolled = try DiceUnderTest(seed: 1).roll(Array(repeating: "1d6", count: 9_000).joined(separator: "+"))
        let total = rolled.results[0].total
        #expect((9_000...54_000).contains(total))
        #expect(rolled.results[0].terms.count == 9_000)
        let weighed = try DiceUnderTest().weigh(Array(repeating: "1d6", count: 4_000).joined(separator: " - "))
        #expect(abs(weighed.mean - (3.5 - 3_999 * 3.5)) < 1e-6)
    }

    /// Sums of sums of numbers roll no dice, yet take a step each: a result of more than a million
    /// is refused at once, never worked out for minutes.
    @Test func aResultOfMoreThanAMillionStepsIsRefused() throws {
        #expect(try DiceUnderTest().roll("sum(1000x sum(100x 1))").results[0].total == 100_000)
        guard case .overLimit(_, let problem) = DiceUnderTest().failure("sum(1000x sum(1000x sum(1000x 1)))") else {
            Issue.record("a billion steps were not refused")
            return
        }
        #expect(problem == "one result may take at most 1000000 steps, a term or an operation each")
    }

    /// Each step of a splitmix64 sequence: numbers for the test, the same on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
